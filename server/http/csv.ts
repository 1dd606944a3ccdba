// CSV as RFC 4180 (CRLF, quotes doubled, fields with a comma, quote or line break quoted), and
// text a spreadsheet would run as a formula (= + - @ first, or a tab or carriage return)
// prefixed with an apostrophe so it shows as text. The statistics and audit exports share it.

export type CsvCell = string | number | boolean | null;

const FORMULA = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows (a header first) as CSV text ending in CRLF. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((fields) => fields.map(cell).join(',')).join('\r\n') + '\r\n';
}

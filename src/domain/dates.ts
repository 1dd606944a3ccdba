// The spec's date display, `Mon DD, YYYY` (e.g. `Mar 05, 2024`), in English whatever the
// browser's locale, like the rest of the interface.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

function format(year: number, monthIndex: number, day: number): string {
  return `${MONTHS[monthIndex] ?? '???'} ${pad(day)}, ${year}`;
}

/** A calendar day (`2024-03-05`), shown as written: no time zone can move it. */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return format(year, month - 1, day);
}

/** A moment (`2024-03-05T10:00:00Z`), shown as the viewer's local day. */
export function formatMoment(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  return format(date.getFullYear(), date.getMonth(), date.getDate());
}

// Text-format value parsers shared by both drivers, so a row reads the same whether it came
// from PGlite or from PostgreSQL.

export type ValueParser = (text: string) => unknown;

const TIMESTAMP =
  /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/;

/**
 * '2026-11-21 22:27:19.123456+00' → '2026-11-21T22:27:19.123Z'. Sub-millisecond digits are
 * dropped. A value without an offset (type timestamp) is taken as UTC. 'infinity' and BC dates
 * stay as PostgreSQL wrote them.
 */
export function parseTimestamp(text: string): string {
  const m = TIMESTAMP.exec(text);
  if (!m) return text;
  const [, year, month, day, hour, minute, second, fraction, sign, offH, offM, offS] = m;
  const ms = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 onto 1900–1999.
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), ms);
  const offsetSeconds = Number(offH ?? 0) * 3600 + Number(offM ?? 0) * 60 + Number(offS ?? 0);
  const direction = sign === '-' ? -1 : 1;
  return new Date(date.getTime() - direction * offsetSeconds * 1000).toISOString();
}

const keepText: ValueParser = (text) => text;
const toNumber: ValueParser = (text) => Number(text);

/** Scalar type oid → parser; everything else keeps the driver's default. */
export const SCALAR_PARSERS: Readonly<Record<number, ValueParser>> = {
  20: toNumber, // int8
  1700: toNumber, // numeric
  1082: keepText, // date
  1114: parseTimestamp, // timestamp
  1184: parseTimestamp, // timestamptz
  1186: keepText, // interval (pg would build an object)
};

/** Array type oid → element type oid, for the scalar types overridden above. */
export const ARRAY_ELEMENT_OIDS: Readonly<Record<number, number>> = {
  1016: 20,
  1231: 1700,
  1182: 1082,
  1115: 1114,
  1185: 1184,
  1187: 1186,
};

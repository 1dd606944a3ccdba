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

/** True when this browser can show times in the IANA zone (`America/New_York`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format(0);
    return true;
  } catch {
    return false;
  }
}

/** A moment as its day (`Mar 05, 2024`) and 24-hour time (`14:05:09`) in the given zone. */
export function formatMomentIn(isoDateTime: string, timeZone: string) {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return { day: isoDateTime, time: '' };
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    day: format(part('year'), part('month') - 1, part('day')),
    time: `${pad(part('hour'))}:${pad(part('minute'))}:${pad(part('second'))}`,
  };
}

// The reference for the SQL business time: the same definition written independently, day by
// day, with local times turned into instants the way PostgreSQL does (a time inside a
// spring-forward gap takes the offset before the change; a repeated one the offset after it).

export interface ReferenceHours {
  timezone: string;
  /** Ignored mode, or no company hours: all of the time counts. */
  allTime: boolean;
  /** ISO weekday (1 = Monday) → [start, end] as HH:MM:SS; end may be 24:00:00. */
  days: Partial<Record<number, readonly [string, string]>>;
  /** Closed local dates (YYYY-MM-DD) of the hours' calendar: whole days with no business time. */
  closed?: ReadonlySet<string>;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, format);
  }
  return format;
}

/** The wall-clock time of an instant in `timezone`, as milliseconds of a UTC-read clock. */
function wallClock(instant: number, timezone: string): number {
  const parts = Object.fromEntries(
    formatter(timezone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

const offsetAt = (instant: number, timezone: string) =>
  wallClock(instant, timezone) - Math.floor(instant / 1000) * 1000;

/** The instant of a wall-clock time (ms of a UTC-read clock) in `timezone`. */
export function wallToInstant(wall: number, timezone: string): number {
  const before = offsetAt(wall - DAY_MS, timezone);
  const after = offsetAt(wall + DAY_MS, timezone);
  if (before === after) return wall - before;
  const beforeFits = offsetAt(wall - before, timezone) === before;
  const afterFits = offsetAt(wall - after, timezone) === after;
  if (afterFits) return wall - after; // fits after only, or repeated: the offset after
  if (beforeFits) return wall - before;
  return wall - before; // in the gap: the offset before
}

const seconds = (time: string) => {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return (h * 3600 + m * 60 + s) * 1000;
};

/** Business seconds between two instants (0 when `to` is not after `from`). */
export function referenceBusinessSeconds(hours: ReferenceHours, from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  if (hours.allTime) return (end - start) / 1000;
  const firstDay = Math.floor(wallClock(start, hours.timezone) / DAY_MS) * DAY_MS - DAY_MS;
  const lastDay = Math.floor(wallClock(end, hours.timezone) / DAY_MS) * DAY_MS + DAY_MS;
  let total = 0;
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    const isoWeekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
    const window = hours.days[isoWeekday];
    if (!window || hours.closed?.has(new Date(day).toISOString().slice(0, 10))) continue;
    const open = wallToInstant(day + seconds(window[0]), hours.timezone);
    const close = wallToInstant(day + seconds(window[1]), hours.timezone);
    total += Math.max(0, Math.min(end, close) - Math.max(start, open));
  }
  return total / 1000;
}

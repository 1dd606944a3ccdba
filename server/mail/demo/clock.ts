// Local days and business hours (Mon–Fri 09:00–18:00) in the workspace's timezone for the demo
// generator. The UTC offset is looked up once per day and cached, so a message costs arithmetic.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const OPEN = 9 * HOUR;
const CLOSE = 18 * HOUR;

export class LocalClock {
  private readonly offsets = new Map<number, number>();
  private readonly format: Intl.DateTimeFormat;

  constructor(readonly timezone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  }

  /** The zone's offset from UTC in ms around noon of the UTC day holding `utcMs`. */
  offset(utcMs: number): number {
    const day = Math.floor(utcMs / DAY);
    const cached = this.offsets.get(day);
    if (cached !== undefined) return cached;
    const noon = day * DAY + 12 * HOUR;
    const parts = Object.fromEntries(
      this.format.formatToParts(new Date(noon)).map((part) => [part.type, part.value]),
    );
    const local = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    );
    const offset = local - noon;
    this.offsets.set(day, offset);
    return offset;
  }

  /** The local day number (days since 1970-01-01 in the zone) of an instant. */
  localDay(utcMs: number): number {
    return Math.floor((utcMs + this.offset(utcMs)) / DAY);
  }

  /** The instant a local day starts (plus `msIntoDay`). */
  at(localDay: number, msIntoDay = 0): number {
    const guess = localDay * DAY + msIntoDay;
    return guess - this.offset(guess);
  }

  /** 0 Monday … 6 Sunday. */
  static weekday(localDay: number): number {
    // 1970-01-01 was a Thursday.
    return (localDay + 3) % 7;
  }

  static isWorkday(localDay: number): boolean {
    return LocalClock.weekday(localDay) < 5;
  }

  isBusiness(utcMs: number): boolean {
    const local = utcMs + this.offset(utcMs);
    const day = Math.floor(local / DAY);
    const inDay = local - day * DAY;
    return LocalClock.isWorkday(day) && inDay >= OPEN && inDay < CLOSE;
  }

  /** `utcMs` if inside business hours, else the next opening. */
  nextOpen(utcMs: number): number {
    const local = utcMs + this.offset(utcMs);
    let day = Math.floor(local / DAY);
    const inDay = local - day * DAY;
    if (LocalClock.isWorkday(day) && inDay < CLOSE) {
      return inDay >= OPEN ? utcMs : this.at(day, OPEN);
    }
    do day += 1;
    while (!LocalClock.isWorkday(day));
    return this.at(day, OPEN);
  }

  static readonly OPEN = OPEN;
  static readonly CLOSE = CLOSE;
}

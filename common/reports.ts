import type { components } from '../openapi/portal.gen';

// What the report subscriptions mean, the same for the server, the emails and the browser app.

export type ReportFrequency = components['schemas']['ReportFrequency'];

export const REPORT_FREQUENCIES = [
  'daily',
  'weekly',
  'monthly',
] as const satisfies readonly ReportFrequency[];

/** How each frequency is named, and what each report covers (all at 08:00, company time). */
export const FREQUENCY_TEXTS: Record<ReportFrequency, { label: string; when: string }> = {
  daily: { label: 'Daily', when: 'Monday to Friday: the day before (Mondays: Friday to Sunday)' },
  weekly: { label: 'Weekly', when: 'Mondays: the week before' },
  monthly: { label: 'Monthly', when: 'The 1st: the month before' },
};

/** How many reports one person may have. */
export const MAX_REPORTS_PER_USER = 10;

export const REPORT_LIMIT_MESSAGE = `A person can have at most ${MAX_REPORTS_PER_USER} reports; remove one first.`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parts = (day: string) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month: MONTHS[month - 1] ?? '???', date };
};

/** `Nov 16 – 22, 2026`, `Nov 30 – Dec 6, 2026`, `Dec 29, 2025 – Jan 4, 2026`, `Nov 3, 2026`. */
export function formatPeriod(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (from === to) return `${a.month} ${a.date}, ${a.year}`;
  if (a.year !== b.year) return `${a.month} ${a.date}, ${a.year} – ${b.month} ${b.date}, ${b.year}`;
  if (a.month !== b.month) return `${a.month} ${a.date} – ${b.month} ${b.date}, ${b.year}`;
  return `${a.month} ${a.date} – ${b.date}, ${b.year}`;
}

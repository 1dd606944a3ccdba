import type { Holiday } from '@/api/types';
import { formatDay } from '@/domain/dates';

/** `Dec 25, 2026`, or `Dec 24, 2026 – Jan 01, 2027` for a range. */
export const holidayDates = ({ date, last_date }: Pick<Holiday, 'date' | 'last_date'>) =>
  date === last_date ? formatDay(date) : `${formatDay(date)} – ${formatDay(last_date)}`;

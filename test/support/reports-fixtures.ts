import type { ReportList, ReportSubscription } from '../../src/api/types';
import type { Recipient } from '../../src/machines/reports/reports.actors';

export const ADA: Recipient = { email: 'ada@acme.example', name: 'Ada Admin', role: 'admin' };
export const VERA: Recipient = { email: 'vera@acme.example', name: 'Vera Viewer', role: 'viewer' };

export function makeReport(
  id: number,
  email: string,
  overrides: Partial<ReportSubscription> = {},
): ReportSubscription {
  return {
    id,
    email,
    full_name: '',
    role: 'viewer',
    frequency: 'weekly',
    mailboxes: [],
    teams: [],
    created: '2026-11-20T10:00:00Z',
    last_sent: null,
    next_due: '2026-11-30T07:00:00Z',
    ...overrides,
  };
}

export const reportList = (subscriptions: ReportSubscription[]): ReportList => ({
  subscriptions,
  email_delivery: true,
  max_per_user: 10,
});

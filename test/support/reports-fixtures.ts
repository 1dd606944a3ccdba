import type { ReportList, ReportSubscription } from '../../src/api/types';
import type { Recipient, ReportsActors } from '../../src/machines/reports/reports.actors';
import { createReportsMachine } from '../../src/machines/reports/reports.machine';
import { createReportsModals } from '../../src/machines/reports/reports.setup';
import { offlineClient } from './offline-client';

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

/** The reports machine with every API call stood in by `actors` (none reaches the client). */
export function reportsMachineOver(actors: ReportsActors) {
  const modals = createReportsModals(offlineClient);
  return createReportsMachine(offlineClient).provide({
    actors: {
      load: actors.loadReports,
      choices: actors.loadChoices,
      send: actors.sendReportNow,
      editor: modals.editor.provide({ actors: { save: actors.saveReport } }),
      remover: modals.remover.provide({ actors: { save: actors.removeReports } }),
    },
  });
}

import type { ReportChoices, ReportList, ReportQueued } from '../../src/api/types';
import { fromPromise } from 'xstate';
import type { ReportsActors } from '../../src/machines/reports/reports.actors';
import { newReportDraft } from '../../src/machines/reports/reports.draft';
import type { ReportsEvent } from '../../src/machines/reports/reports.setup';
import type { Features } from '../../src/session/user-info';
import { makeFeatures } from '../support/fixtures';
import { ADA, makeReport, reportList, reportsMachineOver, VERA } from '../support/reports-fixtures';
import { ownReports } from '../../src/machines/reports/reports.setup';
import { describeListTabPaths, loadOutcomes } from './support/list-tab';
import {
  sendEvent as send,
  type ControlledActors,
  type Executors,
  type PathEvent,
} from './support/paths';

const MINE = makeReport(1, ADA.email, { role: 'admin' });
const HERS = makeReport(2, VERA.email);
const DATA: ReportList = reportList([MINE, HERS]);
const CHOICES: ReportChoices = { email: VERA.email, mailboxes: [], teams: [] };
const QUEUED: ReportQueued = { to: ADA.email, period: { from: '2026-11-16', to: '2026-11-22' } };
const never = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => undefined));

const provide = (actors: ControlledActors) =>
  reportsMachineOver({
    loadReports: actors.promise<ReportList, { features: Features }>('load'),
    loadChoices: actors.promise<ReportChoices, { email: string }>('choices'),
    sendReportNow: actors.promise<ReportQueued, { id: number }>('send'),
    saveReport: never(),
    removeReports: never(),
  } satisfies ReportsActors);

const executors = {
  RETRY: send,
  CREATE: send,
  EDIT: send,
  CHOOSE_RECIPIENT: send,
  RETRY_CHOICES: send,
  REMOVE: send,
  SEND_NOW: send,
  OPEN_PANEL: send,
  CLOSE_PANEL: send,
  MODAL_SAVED: send,
} satisfies Executors<{ send(event: ReportsEvent): void }, ReportsEvent>;

const failure = { kind: 'network', message: 'offline' };

const events: PathEvent<ReturnType<typeof provide>>[] = [
  { type: 'RETRY' },
  { type: 'CREATE' },
  { type: 'EDIT', subscription: HERS },
  { type: 'CHOOSE_RECIPIENT', draft: newReportDraft(VERA.email) },
  { type: 'RETRY_CHOICES' },
  { type: 'REMOVE', subscriptions: [HERS] },
  { type: 'SEND_NOW', subscription: MINE },
  { type: 'OPEN_PANEL' },
  { type: 'CLOSE_PANEL' },
  { type: 'MODAL_SAVED', modal: 'reportEditor' },
  { type: 'MODAL_SAVED', modal: 'removeReports' },
  ...loadOutcomes(DATA),
  // A list without the signed-in admin's own report: the panel opens on the form.
  { type: 'xstate.done.actor.load', output: reportList([HERS]) },
  { type: 'xstate.done.actor.choices', output: CHOICES },
  { type: 'xstate.error.actor.choices', error: failure },
  { type: 'xstate.done.actor.send', output: QUEUED },
  { type: 'xstate.error.actor.send', error: failure },
];

describeListTabPaths({
  name: 'reports',
  provide,
  input: { features: makeFeatures(), self: ADA, recipients: [ADA, VERA] },
  seed: DATA,
  events,
  executors,
  // Whether the signed-in user has a report of their own decides where the panel opens.
  contextKey: (context) => ({ own: ownReports(context).length }),
});

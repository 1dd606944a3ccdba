import type { ReportChoices, ReportList, ReportSubscription } from '@/api/types';
import type { SnapshotFrom } from 'xstate';
import { loadStatus } from '../shared/load-status.view';
import type { ReportsMachine } from './reports.machine';
import { ownReports } from './reports.setup';

// What the reports screens read from the machine: the Settings tab, the dashboard's panel, and
// the report dialog both show. The editor and remove modals are modal-save machines, read
// with `modalSaveView`.

type ReportsSnapshot = SnapshotFrom<ReportsMachine>;

export interface ChoicesView {
  status: 'loading' | 'ready' | 'failed';
  /** The recipient's mailboxes and teams once loaded. */
  choices: ReportChoices | null;
}

function choicesStatus(snapshot: ReportsSnapshot): ChoicesView['status'] {
  if (snapshot.matches({ ready: { choices: 'failed' } })) return 'failed';
  return snapshot.matches({ ready: { choices: 'ready' } }) ? 'ready' : 'loading';
}

/** One list of one's own reports per loaded list, so an unchanged list is the same array. */
const ownByList = new WeakMap<ReportList, ReportSubscription[]>();

function ownOf(context: ReportsSnapshot['context']): ReportSubscription[] {
  const cached = ownByList.get(context.reports);
  if (cached) return cached;
  const own = ownReports(context);
  ownByList.set(context.reports, own);
  return own;
}

/** What the reports screens show of a snapshot of the machine (flat, for `sameView`). */
export function reportsView(snapshot: ReportsSnapshot) {
  const { context, children } = snapshot;
  const own = ownOf(context);
  return {
    status: loadStatus(snapshot),
    subscriptions: context.reports.subscriptions,
    /** The signed-in user's own reports, for the dashboard's panel. */
    own,
    /** Whether the signed-in user may add a report of their own (the per-person limit). */
    canAddOwn: own.length < context.reports.max_per_user,
    maxPerUser: context.reports.max_per_user,
    /** False when no SMTP server is configured: reports wait in the outbox. */
    emailDelivery: context.reports.email_delivery,
    /** The editor's recipient's narrowing choices, and where their loading is. */
    choicesStatus: choicesStatus(snapshot),
    choices: context.choices,
    /** The subscription a copy is being sent of, if any. */
    sendingId: snapshot.matches({ ready: { sending: 'sending' } })
      ? (context.sending?.id ?? null)
      : null,
    /** The dashboard's "Email me a report" panel is open. */
    panelOpen: snapshot.matches({ ready: { panel: 'open' } }),
    editor: children.editor,
    remover: children.remover,
  };
}

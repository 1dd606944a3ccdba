import type { ReportChoices, ReportSubscription } from '@/api/types';
import type { SnapshotFrom } from 'xstate';
import { loadStatus, type LoadStatus } from '../shared/load-status.view';
import type { RemoveReportsActor, ReportEditorActor, ReportsMachine } from './reports.machine';
import { ownReports } from './reports.setup';
import type { ReportDraft } from './reports.draft';

// What the reports screens read from the machine: the Settings tab, the dashboard's panel, and
// the editor modal both show.

type ReportsSnapshot = SnapshotFrom<ReportsMachine>;
type EditorSnapshot = ReturnType<ReportEditorActor['getSnapshot']>;

export const selectListStatus = (snapshot: ReportsSnapshot): LoadStatus => loadStatus(snapshot);

/** The editor and remove modals (read with `sameView`). */
export const selectModals = (snapshot: ReportsSnapshot) => ({
  editor: snapshot.children.editor,
  remover: snapshot.children.remover,
});

export const selectSubscriptions = (snapshot: ReportsSnapshot): ReportSubscription[] =>
  snapshot.context.reports.subscriptions;

/** The signed-in user's own reports, for the dashboard's panel. */
export const selectOwnReports = (snapshot: ReportsSnapshot): ReportSubscription[] =>
  ownReports(snapshot.context);

/** Whether the signed-in user may add a report of their own (the per-person limit). */
export const selectCanAddOwn = (snapshot: ReportsSnapshot): boolean =>
  ownReports(snapshot.context).length < snapshot.context.reports.max_per_user;

export const selectMaxPerUser = (snapshot: ReportsSnapshot): number =>
  snapshot.context.reports.max_per_user;

/** False when no SMTP server is configured: reports wait in the outbox. */
export const selectEmailDelivery = (snapshot: ReportsSnapshot): boolean =>
  snapshot.context.reports.email_delivery;

export interface ChoicesView {
  status: 'loading' | 'ready' | 'failed';
  /** The recipient's mailboxes and teams once loaded. */
  choices: ReportChoices | null;
}

export const selectChoices = (snapshot: ReportsSnapshot): ChoicesView => ({
  status: snapshot.matches({ ready: { choices: 'failed' } })
    ? 'failed'
    : snapshot.matches({ ready: { choices: 'ready' } })
      ? 'ready'
      : 'loading',
  choices: snapshot.context.choices,
});

/** The subscription a copy is being sent of, if any. */
export const selectSendingId = (snapshot: ReportsSnapshot): number | null =>
  snapshot.matches({ ready: { sending: 'sending' } })
    ? (snapshot.context.sending?.id ?? null)
    : null;

export const selectPanelOpen = (snapshot: ReportsSnapshot): boolean =>
  snapshot.matches({ ready: { panel: 'open' } });

interface EditorView {
  open: boolean;
  saving: boolean;
  draft: ReportDraft;
  error: string | null;
  canSubmit: boolean;
}

type RemoverSnapshot = ReturnType<RemoveReportsActor['getSnapshot']>;

/** Whether the remove confirmation is open on this subscription, and whether it is saving. */
export const selectRemoving = (snapshot: RemoverSnapshot, id: number) => ({
  removing: snapshot.hasTag('visible') && snapshot.context.draft.ids.includes(id),
  busy: snapshot.hasTag('saving'),
});

export const selectEditor = (snapshot: EditorSnapshot): EditorView => ({
  open: snapshot.hasTag('visible'),
  saving: snapshot.hasTag('saving'),
  draft: snapshot.context.draft,
  error: snapshot.context.error,
  canSubmit: snapshot.can({ type: 'SUBMIT' }),
});

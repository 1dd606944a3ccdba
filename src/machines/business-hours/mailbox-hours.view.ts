import type { SnapshotFrom } from 'xstate';
import { loadStatus } from '../shared/load-status.view';
import { customProblems, type MailboxHoursMachine } from './mailbox-hours.machine';

/** What the update business hours modal shows of a snapshot of its machine. */
export function mailboxHoursView(snapshot: SnapshotFrom<MailboxHoursMachine>) {
  const { context } = snapshot;
  const problems = customProblems(context);
  return {
    status: loadStatus(snapshot),
    mode: context.mode,
    /** The company's hours, shown in the Company mode. */
    company: context.company,
    /** The Custom mode's form, and what keeps it from saving. */
    custom: context.custom,
    noDay: problems.noDay,
    noTimezone: problems.noTimezone,
    /** Why the last save failed. */
    error: context.error,
    canSave: snapshot.can({ type: 'SAVE' }),
    saving: snapshot.hasTag('saving'),
    /** Saved: the modal closes. */
    saved: snapshot.matches('saved'),
  };
}

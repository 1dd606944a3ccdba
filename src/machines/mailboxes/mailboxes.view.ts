import type { SnapshotFrom } from 'xstate';
import { loadStatus } from '../shared/load-status.view';
import type { MailboxesMachine } from './mailboxes.machine';

/** What the mailboxes tab shows of a snapshot of its machine. */
export function mailboxesView(snapshot: SnapshotFrom<MailboxesMachine>) {
  const { context } = snapshot;
  return {
    status: loadStatus(snapshot),
    mailboxes: context.mailboxes,
    /** At the limit, Add mailboxes opens the limit modal instead of the add page. */
    addOpensLimit: snapshot.can({ type: 'ADD' }),
    limitOpen: snapshot.matches({ ready: { limit: 'open' } }),
    remover: snapshot.children.remover,
    /** The mailbox whose update business hours modal is open. */
    hoursOf: snapshot.matches({ ready: { hours: 'open' } }) ? context.hoursOf : null,
    /** The row menus offer Update business hours. */
    hoursEditable: snapshot.hasTag('hoursEditable'),
  };
}

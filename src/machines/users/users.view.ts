import type { SnapshotFrom } from 'xstate';
import { loadStatus } from '../shared/load-status.view';
import type { UsersMachine } from './users.machine';

/** What the users tab shows of a snapshot of its machine. */
export function usersView(snapshot: SnapshotFrom<UsersMachine>) {
  const { context, children } = snapshot;
  return {
    status: loadStatus(snapshot),
    users: context.users,
    /** The tracked mailboxes and the teams a manager can be given. */
    mailboxes: context.mailboxes,
    teams: context.teams,
    /** The user-limit modal (Add new users at the limit). */
    limitOpen: snapshot.matches({ ready: { limit: 'open' } }),
    editor: children.editor,
    remover: children.remover,
  };
}

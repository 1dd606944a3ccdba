import type { SnapshotFrom } from 'xstate';
import { loadStatus } from '../shared/load-status.view';
import type { TeamsMachine } from './teams.machine';

/** What the teams tab shows of a snapshot of its machine. */
export function teamsView(snapshot: SnapshotFrom<TeamsMachine>) {
  const { context, children } = snapshot;
  return {
    status: loadStatus(snapshot),
    teams: context.teams,
    /** The tracked mailboxes a team can be made of. */
    mailboxes: context.mailboxes,
    editor: children.editor,
    remover: children.remover,
  };
}

import type { SnapshotFrom } from 'xstate';
import type { FeatureName } from '@/session/user-info';
import type { WorkspaceListData, WorkspaceLists } from './workspace-data.actors';
import type { WorkspaceDataMachine } from './workspace-data.machine';

/** What the shell and the list pages read of the workspace data. */
export function workspaceDataView(snapshot: SnapshotFrom<WorkspaceDataMachine>) {
  return {
    /** The admin's lists are still loading: the shell keeps its loading state up. */
    pending: snapshot.hasTag('pending'),
    lists: snapshot.context.lists,
  };
}

/** The lists a tab shows beside its own (a team's mailboxes, a manager's grants). */
export type SideList = 'mailboxes' | 'teams';

/**
 * A tab's seed: its lists as loaded at sign-in, shown at once while the tab fetches fresh ones.
 * Null until the tab's own list is loaded; a side list that did not load is shown empty.
 */
export function listSeed<TMain extends FeatureName, TSide extends SideList = never>(
  lists: WorkspaceLists | null,
  main: TMain,
  sides: readonly TSide[] = [],
): Pick<WorkspaceListData, TMain | TSide> | null {
  const own = lists?.[main];
  if (!lists || own?.status !== 'loaded') return null;
  const seed: Partial<WorkspaceListData> = { [main]: own.data };
  for (const side of sides) {
    const list = lists[side];
    seed[side] = list.status === 'loaded' ? list.data : [];
  }
  // Every key of the Pick was set just above.
  return seed as Pick<WorkspaceListData, TMain | TSide>;
}

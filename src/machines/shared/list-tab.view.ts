import type { TableActor } from './table.machine';
import { loadStatus, type LoadStatus } from './load-status.view';

/** What a list tab's machine offers its table: `loading`/`failed` states and a `table` child. */
export interface ListTabSnapshot {
  matches(state: 'failed' | 'loading'): boolean;
  children: { table?: TableActor };
}

interface ListTabView {
  status: LoadStatus;
  /** The table machine: search, sort and selection. */
  table: TableActor | undefined;
}

/** What the list table of a tab (mailboxes, users, teams, alerts) shows of its machine. */
export const listTabView = (snapshot: ListTabSnapshot): ListTabView => ({
  status: loadStatus(snapshot),
  table: snapshot.children.table,
});

import type { Contact, ContactGroup } from '@/api/types';
import type { TableSnapshot } from '../shared/table.machine';
import { orderRows, searchText, tableView, type TableRow } from '../shared/table.view';

/** The sortable column of each panel's table. */
export const GROUP_COLUMN = 'name';
export const CONTACT_COLUMN = 'contact';

export const groupRow = ({ contact_group: name }: ContactGroup): TableRow => ({
  key: name,
  selectable: false,
  text: searchText(name),
  sort: { [GROUP_COLUMN]: name },
});

export const contactRow = ({ id, item }: Contact): TableRow => ({
  key: String(id),
  selectable: true,
  text: searchText(item),
  sort: { [CONTACT_COLUMN]: item },
});

/** The groups table's snapshot; none while xstate/graph walks the machine without running it. */
export function groupsTable(self: { getSnapshot(): unknown }): TableSnapshot | undefined {
  const snapshot = self.getSnapshot() as
    { children?: { groups?: { getSnapshot(): TableSnapshot } } } | undefined;
  return snapshot?.children?.groups?.getSnapshot();
}

/**
 * Keeps the chosen group while it exists, else the first in the groups table's order (read from
 * its sort: the new rows reach the table only after this transition).
 */
export function selectionAfter(
  groups: ContactGroup[],
  table: TableSnapshot | undefined,
  wanted: string | null,
) {
  const kept = groups.find((group) => group.contact_group === wanted);
  if (kept) return kept.contact_group;
  const direction = table ? tableView(table).sortDirection : null;
  const rows = groups.map(groupRow);
  const ordered = direction ? orderRows(rows, GROUP_COLUMN, direction) : rows;
  return ordered[0]?.key ?? null;
}

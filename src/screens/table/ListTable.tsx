import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import { listTabView, type ListTabSnapshot } from '@/machines/shared/list-tab.view';
import { sameView } from '@/machines/shared/same-view';
import { DataTable, type DataTableProps } from './DataTable';
import { RemoveSelectedButton } from '@/ui/table/RemoveSelectedButton';
import type { RowMenuItem } from '@/ui/table/table-types';

/** A list tab's machine: its list's states, a `table` child, and RETRY after a failure. */
type ListTabActor = ActorRef<Snapshot<unknown> & ListTabSnapshot, { type: 'RETRY' }>;

interface ListTableProps<T> extends Omit<
  DataTableProps<T>,
  'table' | 'status' | 'onRetry' | 'selectable' | 'rowMenu' | 'bulkActions'
> {
  /** The tab's machine, whose `table` child holds search, sort and selection. */
  tab: ListTabActor;
  /** False in read-only mode: no checkboxes, no row menus, no Remove. */
  writable: boolean;
  rowMenu: (item: T) => readonly RowMenuItem[];
  /** Remove for the selection, or a row menu's remove: opens the remove-confirmation modal. */
  onRemove: (items: T[]) => void;
  /** The selection's remove button; Remove unless the page names it otherwise. */
  removeLabel?: string;
}

/**
 * A list tab's table: the spinner, failure and rows as its machine says; while writable, rows
 * can be selected and removed.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const { tab, writable, rowMenu, onRemove, removeLabel = 'Remove', ...table } = props;
  const { status, table: actor } = useSelector(tab, listTabView, sameView);
  if (!actor) return null;
  return (
    <DataTable
      {...table}
      table={actor}
      status={status}
      onRetry={() => tab.send({ type: 'RETRY' })}
      selectable={writable}
      rowMenu={writable ? rowMenu : undefined}
      bulkActions={(keys) => (
        <RemoveSelectedButton
          label={removeLabel}
          onClick={() => onRemove(keys.flatMap((key) => table.items.get(key) ?? []))}
        />
      )}
    />
  );
}

import { useSelector } from '@xstate/react';
import type { TableActor } from '@/machines/shared/table.machine';
import { sameSort, selectAllBox, tableSort } from '@/machines/shared/table.view';
import { Checkbox } from '@/ui/Checkbox';
import { SortButton } from '@/ui/SortButton';
import type { Column } from '@/ui/table/table-types';

interface TableHeadProps<T> {
  table: TableActor;
  columns: readonly Column<T>[];
  /** False when the table has no checkboxes (read-only). */
  selectable: boolean;
  hasMenu: boolean;
}

function SelectAll({ table }: { table: TableActor }) {
  const box = useSelector(table, selectAllBox);
  return (
    <Checkbox
      aria-label="Select all"
      checked={box === 'all'}
      indeterminate={box === 'some'}
      disabled={box === 'disabled'}
      onChange={() => table.send({ type: 'TOGGLE_ALL' })}
    />
  );
}

/** The header row: select-all, sortable column headers (`aria-sort`), and the menu column. */
export function TableHead<T>({ table, columns, selectable, hasMenu }: TableHeadProps<T>) {
  const sort = useSelector(table, tableSort, sameSort);
  const lead = columns.findIndex((column) => !column.minor);
  return (
    <thead>
      <tr aria-rowindex={1}>
        {selectable && (
          <th scope="col" className="table-cell-check">
            <SelectAll table={table} />
          </th>
        )}
        {columns.map((column, index) => {
          const direction = sort?.column === column.id ? sort.direction : null;
          return (
            <th
              key={column.id}
              scope="col"
              style={column.width ? { width: column.width } : undefined}
              className={
                column.minor ? 'table-cell-minor' : index === lead ? 'table-cell-lead' : undefined
              }
              aria-sort={column.sortable ? (direction ?? 'none') : undefined}
            >
              {column.sortable ? (
                <SortButton
                  className="table-sort"
                  label={column.header}
                  direction={direction}
                  onClick={() => table.send({ type: 'SORT', column: column.id })}
                />
              ) : (
                column.header
              )}
            </th>
          );
        })}
        {hasMenu && (
          <th scope="col" className="table-cell-menu">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

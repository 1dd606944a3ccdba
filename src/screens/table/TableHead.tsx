import type { TableActor } from '@/machines/shared/table.machine';
import type { TableView } from '@/machines/shared/table.view';
import { Checkbox } from '@/ui/Checkbox';
import { SortButton } from '@/ui/SortButton';
import type { Column } from '@/ui/table/table-types';

interface TableHeadProps<T> {
  table: TableActor;
  /** The table's view, read by the grid around this head. */
  view: TableView;
  columns: readonly Column<T>[];
  /** False when the table has no checkboxes (read-only). */
  selectable: boolean;
  hasMenu: boolean;
}

function SelectAll({ table, box }: { table: TableActor; box: TableView['selectAll'] }) {
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
export function TableHead<T>({ table, view, columns, selectable, hasMenu }: TableHeadProps<T>) {
  const lead = columns.findIndex((column) => !column.minor);
  return (
    <thead>
      <tr aria-rowindex={1}>
        {selectable && (
          <th scope="col" className="table-cell-check">
            <SelectAll table={table} box={view.selectAll} />
          </th>
        )}
        {columns.map((column, index) => {
          const direction = view.sortColumn === column.id ? view.sortDirection : null;
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

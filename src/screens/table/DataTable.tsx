import { useSelector } from '@xstate/react';
import { useMemo, useRef, type ReactNode } from 'react';
import type { LoadStatus } from '@/machines/shared/load-status.view';
import { sameView } from '@/machines/shared/same-view';
import type { TableActor } from '@/machines/shared/table.machine';
import { selectedKeys, tableView } from '@/machines/shared/table.view';
import { ErrorState } from '@/ui/ErrorState';
import { Card } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import { DataRow, Spacer } from './DataRow';
import { SearchBox } from '@/ui/table/SearchBox';
import { TableHead } from './TableHead';
import { NoMatchesState } from '@/ui/table/TableStates';
import type { Column, RowMenuItem } from '@/ui/table/table-types';
import { useNarrowScreen } from '@/ui/table/use-narrow-screen';
import { useRowWindow } from '@/ui/table/use-row-window';
import './DataTable.css';

/** Every row has this height, which is what makes windowing exact. */
const ROW_HEIGHT_PX = 56;

export interface DataTableProps<T> {
  table: TableActor;
  /** Where the list is: the table shows a spinner, the failure state or the rows. */
  status: LoadStatus;
  onRetry: () => void;
  /** The table's accessible name, e.g. Mailboxes. */
  label: string;
  columns: readonly Column<T>[];
  items: ReadonlyMap<string, T>;
  /** How a row is named in its checkbox and menu labels. */
  rowName: (item: T) => string;
  /** False in read-only mode: no checkboxes. */
  selectable: boolean;
  /** A row's menu items; a row without items gets no menu. */
  rowMenu?: (item: T) => readonly RowMenuItem[];
  searchPlaceholder: string;
  /** Buttons for the selected rows (e.g. Remove), shown while any is selected. */
  bulkActions?: (keys: readonly string[]) => ReactNode;
  /** The state of a table with no rows at all, e.g. Start by adding mailboxes. */
  emptyState: ReactNode;
  /** The state of a search that matches nothing; the settings tabs' Clear search by default. */
  noMatchesState?: (query: string) => ReactNode;
}

/**
 * The one table of the settings tabs (and later contact groups and alerts): search, sortable
 * headers, select-all, row checkboxes and menus, and the empty, no-match, loading and failure
 * states. Search, sort and selection live in the table machine. The rows scroll with the page
 * under a sticky header row, and only those in the window's view render.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { table, status, label } = props;
  const view = useSelector(table, tableView, sameView);
  const { query, visible } = view;
  const selected = useMemo(
    () => selectedKeys({ visible, selected: view.selected }),
    [visible, view.selected],
  );

  let body: ReactNode;
  if (status === 'loading') {
    body = (
      <div className="data-table-state">
        <Spinner label={`Loading ${label.toLowerCase()}`} />
      </div>
    );
  } else if (status === 'failed') {
    body = <ErrorState onRefresh={props.onRetry} />;
  } else if (view.body === 'empty') {
    body = props.emptyState;
  } else if (view.body === 'noMatches') {
    body = props.noMatchesState?.(query) ?? (
      <NoMatchesState query={query} onClear={() => table.send({ type: 'RESET' })} />
    );
  } else {
    body = <TableGrid {...props} />;
  }

  const showToolbar = status === 'ready' && view.body !== 'empty';
  return (
    <Card>
      <div className="data-table">
        {showToolbar && (
          <div className="data-table-toolbar">
            <SearchBox
              value={query}
              label={`Search ${label.toLowerCase()}`}
              placeholder={props.searchPlaceholder}
              onChange={(value) => table.send({ type: 'SEARCH', query: value })}
            />
            {selected.length > 0 && props.bulkActions && (
              <div className="data-table-bulk" role="group" aria-label="Selected rows">
                <span className="data-table-count">{selected.length} selected</span>
                {props.bulkActions(selected)}
              </div>
            )}
          </div>
        )}
        {body}
      </div>
    </Card>
  );
}

function TableGrid<T>(props: DataTableProps<T>) {
  const { table, label, columns, items, rowName, selectable, rowMenu } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  const view = useSelector(table, tableView, sameView);
  const { visible, selected, locked } = view;
  const rows = useRowWindow(body, visible.length, ROW_HEIGHT_PX);
  const narrow = useNarrowScreen();
  const hasMenu = rowMenu !== undefined;
  // The columns shown: a spacer row spanning a hidden minor column too made a column of its own,
  // an empty strip at the rows' right on narrow screens.
  const shown = narrow ? columns.filter((column) => !column.minor).length : columns.length;
  const cellCount = shown + (selectable ? 1 : 0) + (hasMenu ? 1 : 0);

  return (
    <div className="data-table-body">
      <table className="data-table-grid" aria-label={label} aria-rowcount={visible.length + 1}>
        <TableHead
          table={table}
          view={view}
          columns={columns}
          selectable={selectable}
          hasMenu={hasMenu}
        />
        <tbody ref={body}>
          {rows.before > 0 && <Spacer height={rows.before} cells={cellCount} />}
          {visible.slice(rows.start, rows.end).map((key, offset) => {
            const item = items.get(key);
            return (
              item !== undefined && (
                <DataRow
                  key={key}
                  table={table}
                  rowKey={key}
                  index={rows.start + offset + 2}
                  item={item}
                  name={rowName(item)}
                  columns={columns}
                  check={
                    selectable ? { checked: selected.has(key), disabled: locked.has(key) } : null
                  }
                  menuItems={rowMenu ? rowMenu(item) : null}
                  stack={narrow}
                />
              )
            );
          })}
          {rows.after > 0 && <Spacer height={rows.after} cells={cellCount} />}
        </tbody>
      </table>
    </div>
  );
}

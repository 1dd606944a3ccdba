import type { TableActor } from '@/machines/shared/table.machine';
import { Checkbox } from '@/ui/Checkbox';
import { RowMenu } from '@/ui/table/RowMenu';
import { TruncatedText } from '@/ui/TruncatedText';
import type { Column, RowMenuItem } from '@/ui/table/table-types';

interface DataRowProps<T> {
  table: TableActor;
  rowKey: string;
  /** 1-based among all rows in view, header included (`aria-rowindex`). */
  index: number;
  item: T;
  name: string;
  columns: readonly Column<T>[];
  /** Null when the table has no checkboxes. */
  check: { checked: boolean; disabled: boolean } | null;
  /** Null when the table has no menu column; empty for a row without a menu. */
  menuItems: readonly RowMenuItem[] | null;
  /** Narrow screens: the minor columns are hidden and their values stacked in the first one. */
  stack: boolean;
}

/** One rendered row: its checkbox, its cells and its menu. */
export function DataRow<T>(props: DataRowProps<T>) {
  const { table, rowKey, check, menuItems } = props;
  const stackedAt = props.stack ? props.columns.findIndex((column) => !column.minor) : -1;
  return (
    <tr data-row-key={rowKey} aria-rowindex={props.index}>
      {check && (
        <td className="table-cell-check">
          <Checkbox
            aria-label={`Select ${props.name}`}
            checked={check.checked}
            disabled={check.disabled}
            onChange={() => table.send({ type: 'TOGGLE_ROW', key: rowKey })}
          />
        </td>
      )}
      {props.columns.map((column, index) => (
        <td key={column.id} className={column.minor ? 'table-cell-minor' : undefined}>
          {column.render(props.item)}
          {index === stackedAt && <Stacked columns={props.columns} item={props.item} />}
        </td>
      ))}
      {menuItems && (
        <td className="table-cell-menu">
          {menuItems.length > 0 && (
            <RowMenu label={`Actions for ${props.name}`} items={menuItems} />
          )}
        </td>
      )}
    </tr>
  );
}

/** The minor columns' values in one line, for screens where those columns are hidden. */
function Stacked<T>({ columns, item }: { columns: readonly Column<T>[]; item: T }) {
  const texts = columns.flatMap((column) =>
    column.minor && column.stacked ? [column.stacked(item)] : [],
  );
  if (texts.length === 0) return null;
  return <TruncatedText className="table-stacked">{texts.join(' · ')}</TruncatedText>;
}

/** Stands in for the rows that are not rendered, so the scroll bar stays true. */
export function Spacer({ height, cells }: { height: number; cells: number }) {
  return (
    <tr aria-hidden="true" className="data-table-spacer">
      <td colSpan={cells} style={{ height }} />
    </tr>
  );
}

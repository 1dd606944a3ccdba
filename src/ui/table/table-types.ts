import type { ReactNode } from 'react';

/** One column of a DataTable; `id` is also the sort key of the rows (see TableRow.sort). */
export interface Column<T> {
  id: string;
  header: string;
  sortable?: boolean;
  /** A CSS width for the column, e.g. `30%`; the rest share what is left. */
  width?: string;
  /** Hidden on narrow screens (768 px and below), where the essentials must fit. */
  minor?: boolean;
  render: (item: T) => ReactNode;
}

/** One entry of a row's menu. */
export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  /** Destructive actions (Remove) are drawn in red. */
  danger?: boolean;
}

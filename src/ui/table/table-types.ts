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
  /**
   * For a minor column: its value as a short text for narrow screens, where it is stacked under
   * the first shown column (`Added Aug 26, 2026`). Without it the value is not shown there.
   */
  stacked?: (item: T) => string;
  render: (item: T) => ReactNode;
}

/** One entry of a row's menu. */
export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  /** Destructive actions (Remove) are drawn in red. */
  danger?: boolean;
}

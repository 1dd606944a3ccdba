import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '@/ui/icons';

/** The machines' sort directions, named here too so a primitive needs no machine. */
type SortOrder = 'ascending' | 'descending';

const SORT_ICONS = { ascending: ArrowUpIcon, descending: ArrowDownIcon } as const;

interface SortButtonProps {
  label: string;
  /** Null while another column sorts. */
  direction: SortOrder | null;
  onClick: () => void;
  /** `table-sort` in a table header, `cg-sort` above a list; the icon takes `<class>-icon`. */
  className: string;
  /**
   * Says the order in the button's name, for a list: a table header says it with `aria-sort`
   * instead.
   */
  namesOrder?: boolean;
}

/** A column title that sorts; choosing it again reverses the order. */
export function SortButton({ label, direction, onClick, className, namesOrder }: SortButtonProps) {
  const Icon = direction ? SORT_ICONS[direction] : SortIcon;
  return (
    <button
      type="button"
      className={className}
      aria-label={namesOrder && direction ? `${label}, sorted ${direction}` : undefined}
      onClick={onClick}
    >
      {label}
      <Icon className={direction ? `${className}-icon is-active` : `${className}-icon`} size={14} />
    </button>
  );
}

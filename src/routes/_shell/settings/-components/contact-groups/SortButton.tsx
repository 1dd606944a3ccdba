import type { SortDirection } from '@/machines/table.view';
import { ArrowDownIcon, ArrowUpIcon } from '@/ui/icons';

interface SortButtonProps {
  label: string;
  direction: SortDirection;
  onClick: () => void;
}

/** A column title that sorts; choosing it again reverses the order. */
export function SortButton({ label, direction, onClick }: SortButtonProps) {
  const Arrow = direction === 'ascending' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <button
      type="button"
      className="cg-sort"
      aria-label={`${label}, sorted ${direction}`}
      onClick={onClick}
    >
      {label}
      <Arrow size={14} />
    </button>
  );
}

import type { SortDirection } from '@/domain/contact-groups';
import { ArrowDownIcon, ArrowUpIcon } from '@/ui/icons';

interface SortButtonProps {
  label: string;
  direction: SortDirection;
  onClick: () => void;
}

/** A column title that sorts; choosing it again reverses the order (spec 001 §4.5). */
export function SortButton({ label, direction, onClick }: SortButtonProps) {
  const Arrow = direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <button
      type="button"
      className="cg-sort"
      aria-label={`${label}, sorted ${direction === 'asc' ? 'ascending' : 'descending'}`}
      onClick={onClick}
    >
      {label}
      <Arrow size={14} />
    </button>
  );
}

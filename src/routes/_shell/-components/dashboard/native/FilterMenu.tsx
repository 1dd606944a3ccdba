import { useEffect, useRef, useState } from 'react';
import { CheckList, type CheckListOption } from '@/ui/CheckList';

interface FilterMenuProps {
  label: string;
  /** Says what "nothing chosen" means, e.g. All mailboxes. */
  allLabel: string;
  options: readonly CheckListOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** A filter button that opens a checklist; Escape or a click outside closes it. */
export function FilterMenu({ label, allLabel, options, selected, onChange }: FilterMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const summary =
    selected.length === 0
      ? allLabel
      : selected.length === 1
        ? (options.find((o) => o.value === selected[0])?.label ?? selected[0])
        : `${selected.length} selected`;
  return (
    <div className="filter-menu" ref={root}>
      <button
        type="button"
        className={`filter-button${selected.length ? ' filter-button-active' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="filter-button-label">{label}</span>
        <span className="filter-button-value">{summary}</span>
      </button>
      {open && (
        <div className="filter-popover">
          <CheckList
            label={label}
            options={options}
            selected={selected}
            onChange={onChange}
            emptyText="Nothing to choose from."
          />
        </div>
      )}
    </div>
  );
}

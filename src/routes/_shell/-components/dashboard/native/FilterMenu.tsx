import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CheckListOption } from '@/ui/CheckList';

// The checklist (with its checkboxes) loads when a filter is first opened, or as the pointer or
// the focus reaches a filter button: most views open none, and the dashboard's first load stays
// within its budget (docs/architecture.md).
const loadCheckList = () => import('@/ui/CheckList');
const CheckList = lazy(() => loadCheckList().then((module) => ({ default: module.CheckList })));
const preload = () => void loadCheckList();

interface FilterMenuProps {
  label: string;
  /** Says what "nothing chosen" means, e.g. All mailboxes. */
  allLabel: string;
  options: readonly CheckListOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** Room kept between an open popover and the window's right edge. */
const EDGE_PX = 8;

/** A filter button that opens a checklist; Escape or a click outside closes it. */
export function FilterMenu({ label, allLabel, options, selected, onChange }: FilterMenuProps) {
  const [open, setOpen] = useState(false);
  // The popover hangs from the button's left edge, or from its right where it would pass the
  // window's (a filter at the end of a narrow screen's row).
  const [alignEnd, setAlignEnd] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const right = popover.current?.getBoundingClientRect().right;
    if (open && right !== undefined && right > window.innerWidth - EDGE_PX) setAlignEnd(true);
  }, [open]);
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
        onClick={() => {
          setAlignEnd(false);
          setOpen(!open);
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <span className="filter-button-label">{label}</span>
        <span className="filter-button-value">{summary}</span>
      </button>
      {open && (
        <div ref={popover} className={`filter-popover${alignEnd ? ' filter-popover-end' : ''}`}>
          <Suspense fallback={null}>
            <CheckList
              label={label}
              options={options}
              selected={selected}
              onChange={onChange}
              emptyText="Nothing to choose from."
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}

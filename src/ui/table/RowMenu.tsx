import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { MoreIcon } from '../icons';
import type { RowMenuItem } from './table-types';
import '../icon-button.css';
import './RowMenu.css';

interface Position {
  top: number;
  right: number;
}

const GAP = 4;

/** Where the menu goes: under the button, right edges aligned, in viewport coordinates. */
function positionUnder(button: HTMLElement): Position {
  const rect = button.getBoundingClientRect();
  return { top: rect.bottom + GAP, right: window.innerWidth - rect.right };
}

/**
 * Above the button instead, when the menu would run past the viewport's bottom and fits above:
 * a fixed menu cannot be scrolled to, so a row near the bottom had items out of reach.
 */
function useFlip(
  position: Position | null,
  menu: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  place: (position: Position) => void,
) {
  useLayoutEffect(() => {
    const rect = button.current?.getBoundingClientRect();
    const height = menu.current?.getBoundingClientRect().height;
    if (!position || !rect || height === undefined) return;
    const above = rect.top - GAP - height;
    if (position.top + height > window.innerHeight - GAP && above >= GAP) {
      place({ ...position, top: above });
    }
  }, [position, menu, button, place]);
}

function focusItem(menu: HTMLElement | null, index: number) {
  const items = menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
  if (items.length === 0) return;
  // The menu is placed in view under its button; scrolling to the item would close it.
  items[(index + items.length) % items.length]?.focus({ preventScroll: true });
}

/**
 * Closes an open menu (`close(null)`) on a pointer down outside the menu and its button, on a
 * scroll anywhere but inside the menu, and on a resize; the first item gets the focus on open.
 */
function useDismiss(
  open: boolean,
  menu: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  close: (position: null) => void,
) {
  useEffect(() => {
    if (!open) return;
    focusItem(menu.current, 0);
    const onOutside = (event: Event) => {
      const target = event.target instanceof Node ? event.target : null;
      // The button toggles on its own click; the menu's own scrolling keeps it open.
      if (target && (menu.current?.contains(target) || button.current?.contains(target))) return;
      close(null);
    };
    // A scroll closes the menu only when it moved the button: the scroll that brought the button
    // into view can be reported just after the click that opened the menu.
    const anchor = button.current?.getBoundingClientRect();
    const onScroll = (event: Event) => {
      const now = button.current?.getBoundingClientRect();
      if (anchor && now && anchor.top === now.top && anchor.left === now.left) return;
      onOutside(event);
    };
    document.addEventListener('pointerdown', onOutside);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onOutside);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onOutside);
    };
  }, [open, menu, button, close]);
}

/** Arrow keys, Home and End move between items; Escape closes and refocuses; Tab closes. */
function onMenuKeys(event: KeyboardEvent<HTMLDivElement>, escape: () => void, tab: () => void) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const current = items.findIndex((item) => item === document.activeElement);
  const moves: Record<string, number> = {
    ArrowDown: current + 1,
    ArrowUp: current - 1,
    Home: 0,
    End: items.length - 1,
  };
  const next = moves[event.key];
  if (next !== undefined) {
    event.preventDefault();
    focusItem(event.currentTarget, next);
  } else if (event.key === 'Escape') {
    event.preventDefault();
    escape();
  } else if (event.key === 'Tab') {
    tab();
  }
}

/**
 * A row's action menu: a button that opens a small menu (WAI-ARIA menu button). Arrow keys,
 * Home and End move between items; Escape, Tab, a click elsewhere or a scroll close it. The
 * menu sits in a portal so the table's scroll box cannot clip it.
 */
export function RowMenu({ label, items }: { label: string; items: readonly RowMenuItem[] }) {
  const [position, setPosition] = useState<Position | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const open = position !== null;

  useDismiss(open, menu, button, setPosition);
  useFlip(position, menu, button, setPosition);

  const closeAndFocus = () => {
    setPosition(null);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button row-menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setPosition(open ? null : positionUnder(event.currentTarget))}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          setPosition(positionUnder(event.currentTarget));
        }}
      >
        <MoreIcon size={18} />
      </button>
      {position &&
        createPortal(
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={label}
            className="row-menu"
            style={{ top: position.top, right: position.right }}
            onKeyDown={(event) => onMenuKeys(event, closeAndFocus, () => setPosition(null))}
          >
            {items.map((item) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? 'row-menu-item row-menu-item-danger' : 'row-menu-item'}
                onClick={() => {
                  // Focus goes back to the button first, so a dialog opened by the item
                  // returns focus there when it closes.
                  closeAndFocus();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}

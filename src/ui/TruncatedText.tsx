import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './TruncatedText.css';

/** Gap between the text and its tooltip, and the tooltip's margin to the window's edges. */
const GAP_PX = 6;
const EDGE_PX = 8;

interface Tip {
  text: string;
  top: number;
  left: number;
  /** Above the text when there is no room below it. */
  above: boolean;
}

function tipFor(element: HTMLElement): Tip {
  const box = element.getBoundingClientRect();
  const above = box.bottom + 80 > window.innerHeight;
  return {
    text: element.textContent ?? '',
    top: above ? box.top - GAP_PX : box.bottom + GAP_PX,
    left: Math.max(EDGE_PX, Math.min(box.left, window.innerWidth - 360 - EDGE_PX)),
    above,
  };
}

/** True while the element's text is cut by its width; follows its text and its resizes. */
function useIsCut(element: RefObject<HTMLElement | null>, text: ReactNode): boolean {
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setCut(node.scrollWidth > node.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element, text]);
  return cut;
}

interface TruncatedTextProps {
  children: ReactNode;
  /** The look of the text, e.g. `table-primary`. */
  className?: string;
}

/**
 * One line of text cut with an ellipsis where it does not fit. A cut text shows whole in a
 * tooltip on hover and on keyboard focus (it becomes focusable then); screen readers read the
 * whole text from the element itself, so the tooltip is hidden from them.
 */
export function TruncatedText({ children, className }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const cut = useIsCut(ref, children);
  const [tip, setTip] = useState<Tip | null>(null);
  const show = () => {
    if (ref.current && cut) setTip(tipFor(ref.current));
  };
  const hide = () => setTip(null);

  useLayoutEffect(() => {
    if (!tip) return;
    // A fixed tooltip would drift from its text: it goes when the page moves.
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    return () => window.removeEventListener('scroll', hide, { capture: true });
  }, [tip]);

  return (
    <>
      <span
        ref={ref}
        className={className ? `truncated ${className}` : 'truncated'}
        tabIndex={cut ? 0 : undefined}
        data-cut={cut || undefined}
        onPointerEnter={show}
        onPointerLeave={hide}
        onFocus={show}
        onBlur={hide}
      >
        {children}
      </span>
      {tip &&
        createPortal(
          <div
            className="truncated-tip"
            data-side={tip.above ? 'above' : 'below'}
            style={{ top: tip.top, left: tip.left }}
            aria-hidden="true"
          >
            {tip.text}
          </div>,
          document.body,
        )}
    </>
  );
}

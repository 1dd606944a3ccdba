import { useLayoutEffect, useState, type RefObject, type UIEvent } from 'react';

/** Rows drawn above and below the visible ones, so a fast scroll shows no blank band. */
const OVERSCAN = 8;
/** Until the scroll box is measured (or where it never is, like jsdom), assume this height. */
const FALLBACK_VIEWPORT_PX = 720;

interface RowWindow {
  /** First and one-past-last index of the rows to render. */
  start: number;
  end: number;
  /** Heights of the blank space standing in for the rows above and below. */
  before: number;
  after: number;
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/**
 * Windowing of fixed-height rows: only the rows in the scroll box's view (plus an overscan)
 * are rendered, so thousands of rows cost as little as a screenful.
 */
export function useRowWindow(
  scrollBox: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(0);

  useLayoutEffect(() => {
    const element = scrollBox.current;
    if (!element) return;
    const measure = () => setViewport(element.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollBox]);

  const height = viewport > 0 ? viewport : FALLBACK_VIEWPORT_PX;
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const end = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  return {
    start,
    end,
    before: start * rowHeight,
    after: Math.max(0, count - end) * rowHeight,
    onScroll: (event) => setScrollTop(event.currentTarget.scrollTop),
  };
}

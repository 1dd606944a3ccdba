import { useLayoutEffect, useState, type RefObject } from 'react';

/** Rows drawn above and below the visible ones, so a fast scroll shows no blank band. */
const OVERSCAN = 8;
/** Until the rows are measured (or where they never are, like jsdom), assume this height. */
const FALLBACK_VIEWPORT_PX = 720;

interface RowWindow {
  /** First and one-past-last index of the rows to render. */
  start: number;
  end: number;
  /** Heights of the blank space standing in for the rows above and below. */
  before: number;
  after: number;
}

/** The first and last rows (by index) of the table body that the window's viewport shows. */
interface InView {
  first: number;
  last: number;
}

function inViewOf(rows: HTMLElement, rowHeight: number): InView {
  const top = rows.getBoundingClientRect().top;
  const height = window.innerHeight > 0 ? window.innerHeight : FALLBACK_VIEWPORT_PX;
  return {
    first: Math.max(0, Math.floor(-top / rowHeight)),
    last: Math.max(0, Math.ceil((height - top) / rowHeight)),
  };
}

/**
 * Windowing of fixed-height rows that scroll with the page: only the rows inside the browser
 * window's view (plus an overscan) are rendered, so thousands of rows cost as little as a
 * screenful. `rows` is the table body; it re-measures on the window's scroll and resize.
 */
export function useRowWindow(
  rows: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [inView, setInView] = useState<InView>({
    first: 0,
    last: Math.ceil(FALLBACK_VIEWPORT_PX / rowHeight),
  });

  useLayoutEffect(() => {
    const measure = () => {
      const element = rows.current;
      if (!element) return;
      const next = inViewOf(element, rowHeight);
      // Most scroll events move within the same rows: no render for them.
      setInView((now) => (now.first === next.first && now.last === next.last ? now : next));
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    // Content above the table can grow or shrink (a toolbar, a notice) without a scroll.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [rows, rowHeight]);

  const start = Math.min(count, Math.max(0, inView.first - OVERSCAN));
  const end = Math.max(start, Math.min(count, inView.last + OVERSCAN));
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

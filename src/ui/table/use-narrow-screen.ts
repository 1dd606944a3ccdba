import { useSyncExternalStore } from 'react';

/** The mobile breakpoint of tokens.css (media queries cannot read custom properties). */
const NARROW = '(max-width: 768px)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : null);

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True at 768 px and below, where tables hide their minor columns; follows resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}

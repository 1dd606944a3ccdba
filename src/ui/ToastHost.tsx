import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { subscribeToasts } from '@/stores/toast-store';

// Radix Toast and its layers are about 13 kB (gzip) that no page needs to show itself: every
// toast answers something the user did. So the toaster loads on the user's first key or pointer
// press in a page that can toast (its request then runs beside the action's own), or with the
// first toast, whichever comes first.
let wants = 0;
const listeners = new Set<() => void>();

function want(): void {
  wants += 1;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribe = subscribeToasts(want);
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
}

const getWants = () => wants;

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** Loads the toaster at the first key or pointer press; returns the cleanup for an effect. */
export function loadToasterOnInteraction(): () => void {
  const options = { capture: true, once: true, passive: true };
  INTERACTIONS.forEach((type) => window.addEventListener(type, want, options));
  return () => INTERACTIONS.forEach((type) => window.removeEventListener(type, want, options));
}

/** Mount once at the root: the toaster, from the moment it is first wanted. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribe, getWants, getWants);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (wanted === 0 || Toaster) return;
    let current = true;
    import('./Toast').then(
      (module) => {
        if (current) setToaster(() => module.Toaster);
      },
      // Offline or a newer deploy: the next toast or press tries again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, Toaster]);

  return Toaster ? <Toaster /> : null;
}

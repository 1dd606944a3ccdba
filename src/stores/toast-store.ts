// A tiny external store for toasts so any module (machines, API helpers) can raise one
// without React context; <Toaster/> subscribes to it.

type ToastVariant = 'success' | 'error' | 'info';
/** `main`: top-right, up to 20. `corner`: bottom-right, at most 3, newest on top. */
export type ToastRegion = 'main' | 'corner';

export interface ToastOptions {
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before auto-dismiss; see `toastDuration` for the defaults. */
  duration?: number;
  region?: ToastRegion;
  /** A button in the toast (Undo), which also dismisses it. */
  action?: ToastAction;
}

interface ToastAction {
  label: string;
  /** What a screen reader hears instead, naming where else to do it. */
  altText: string;
  onAction: () => void;
}

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  region: ToastRegion;
  action?: ToastAction;
}

export const TOAST_DURATION_MS = 5000;
/** Success messages, and team and mailbox messages (callers pass it as `duration`). */
export const TOAST_LONG_DURATION_MS = 10000;
const TOAST_REGION_LIMITS: Record<ToastRegion, number> = { main: 20, corner: 3 };

/** The corner registration is configured at 5000 ms; the main one keeps success toasts longer. */
export function toastDuration({ duration, variant, region = 'main' }: ToastOptions): number {
  if (duration !== undefined) return duration;
  if (region === 'main' && variant === 'success') return TOAST_LONG_DURATION_MS;
  return TOAST_DURATION_MS;
}

type Listener = () => void;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** Shows a toast and returns its id. The oldest toast of a full region makes room. */
export function toast(options: ToastOptions): number {
  const region = options.region ?? 'main';
  const item: ToastItem = {
    id: nextId++,
    title: options.title,
    description: options.description,
    variant: options.variant,
    duration: toastDuration(options),
    region,
    ...(options.action ? { action: options.action } : {}),
  };
  const sameRegion = toasts.filter((t) => t.region === region);
  const overflow = sameRegion.length + 1 - TOAST_REGION_LIMITS[region];
  const dropped = new Set(sameRegion.slice(0, Math.max(overflow, 0)).map((t) => t.id));
  publish([...toasts.filter((t) => !dropped.has(t.id)), item]);
  return item.id;
}

export function dismissToast(id: number): void {
  publish(toasts.filter((t) => t.id !== id));
}

/** Removes every toast, e.g. on logout. */
export function dismissAllToasts(): void {
  publish([]);
}

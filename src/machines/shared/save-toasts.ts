import { isApiFailure } from '@/api/errors';
import { toast, TOAST_LONG_DURATION_MS, type ToastOptions } from '@/stores/toast-store';

/** Every settings change reaches the dashboard the next day. */
export const DASHBOARD_TOMORROW =
  'This change will be reflected in your dashboard tomorrow at 00:01 local time';

/** A saved settings change: 10 seconds, with the next-day note (or the change's own). */
export const savedToast = (title: string, description = DASHBOARD_TOMORROW): ToastOptions => ({
  title,
  description,
  variant: 'success',
  duration: TOAST_LONG_DURATION_MS,
});

export function toastSaved(title: string, description?: string): void {
  toast(savedToast(title, description));
}

/** The server's sentence when it gave one (a 400 says what to fix), else a generic one. */
export function failureMessage(error: unknown): string {
  if (isApiFailure(error) && error.error.kind !== 'server' && error.error.kind !== 'network') {
    return error.error.message;
  }
  return 'Please try again in a moment.';
}

/** A failed save (or send, or export): what failed, and why when the server said. */
export function toastFailed(title: string, error: unknown): void {
  toast({ title, description: failureMessage(error), variant: 'error' });
}

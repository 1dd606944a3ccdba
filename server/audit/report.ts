import type { Tx } from '../db/types';
import type { Item } from './changes';

// A write that already sees its target before and after in its own statements (a delete's and an
// insert's `returning`) reports them, so the log costs that write no reads of its own: only the
// append. Its description says so (`reports`); server/audit/recorder.ts takes the report.

export interface Change {
  before: Item[];
  after: Item[];
}

/** The transactions being recorded, each with where its report goes. */
const listeners = new WeakMap<Tx, (change: Change) => void>();

/** While `fn` runs, what the handler reports in `tx` goes to `listener`. */
export async function listenForReport<T>(
  tx: Tx,
  listener: (change: Change) => void,
  fn: () => Promise<T>,
): Promise<T> {
  listeners.set(tx, listener);
  try {
    return await fn();
  } finally {
    listeners.delete(tx);
  }
}

/**
 * Reports the target as the write's own statements saw it. Built only when the transaction is
 * recorded (with the log off, or for a transaction nobody records, nothing is built).
 */
export function reportChange(tx: Tx, change: () => Change): void {
  listeners.get(tx)?.(change());
}

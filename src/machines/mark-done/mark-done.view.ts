import type { SnapshotFrom } from 'xstate';
import type { createMarkDoneMachine } from './mark-done.machine';

/** Which row's Mark as done is busy, and whether any is (one change at a time). */
export interface MarkDoneView {
  busy: boolean;
  busyId: string | null;
}

export function markDoneView(
  snapshot: SnapshotFrom<ReturnType<typeof createMarkDoneMachine>>,
): MarkDoneView {
  const busy = snapshot.matches('closing') || snapshot.matches('reopening');
  return { busy, busyId: snapshot.matches('closing') ? snapshot.context.id : null };
}

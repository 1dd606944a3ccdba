import type { SnapshotFrom } from 'xstate';
import type { SupersetEmbedMachine } from './superset-embed.machine';

/** What the Superset dashboard shows of a snapshot of its embedding machine. */
export function supersetEmbedView(snapshot: SnapshotFrom<SupersetEmbedMachine>) {
  return {
    /** The frame is on its way: a spinner over it. */
    embedding: snapshot.matches('awaitingMount') || snapshot.matches({ mounted: 'embedding' }),
    /** The SDK refused: the page says so instead of the frame. */
    failed: snapshot.matches({ mounted: 'failed' }),
  };
}

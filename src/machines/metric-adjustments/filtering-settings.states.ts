import type { FilteringSettingsReply } from '@/api/types';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

/** Reads the stored record, then shows the block's own `ready` state (or `failed`). */
const load = {
  id: 'loadFilteringSettings',
  src: 'loadFilteringSettings',
  onDone: {
    target: 'ready',
    actions: {
      type: 'assignReply',
      params: ({ event }: { event: DoneActorEvent<FilteringSettingsReply> }) => ({
        reply: event.output,
      }),
    },
  },
  onError: 'failed',
} as const;

interface BlockSave<TSave extends string, TInput, TContext> {
  /** The save actor, also the invocation's id. */
  src: TSave;
  input: (args: { context: TContext }) => TInput;
  /** Where a failed save returns, e.g. `ready.valid`: the edits are kept and can be saved again. */
  failedTarget: `ready.${string}`;
}

/**
 * The states both blocks of the metric adjustments page (Exclude Emails, Internal domains) keep
 * around their own `ready` one: load, retry after a failure, save, and read the record again
 * after a save. Their setups name the actions `assignReply`,
 * `notifySaved` and `notifySaveFailed` and the load actor `loadFilteringSettings`.
 */
export function filteringBlockStates<TSave extends string, TInput, TContext>({
  src,
  input,
  failedTarget,
}: BlockSave<TSave, TInput, TContext>) {
  return {
    loading: { description: 'Loading the saved settings', invoke: load },
    failed: {
      description: 'The settings could not be loaded; the block offers a retry',
      on: { RETRY: 'loading' },
    },
    saving: {
      description: 'Waiting for the server to save the edits',
      tags: ['busy', 'saving'],
      invoke: {
        id: src,
        src,
        input,
        onDone: { target: 'reloading', actions: 'notifySaved' },
        onError: {
          target: failedTarget,
          actions: {
            type: 'notifySaveFailed',
            params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }),
          },
        },
      },
    },
    reloading: {
      description: 'Saved; reading the settings back as the server now holds them',
      tags: 'busy',
      invoke: load,
    },
  } as const;
}

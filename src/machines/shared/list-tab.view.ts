// What a list tab's screen reads from its machine: where the list is.

export type ListStatus = 'loading' | 'failed' | 'ready';

/** Where a tab's list is, for tab machines with `loading`, `failed` and `ready` states. */
export const listStatus = (snapshot: {
  matches(state: 'failed' | 'ready'): boolean;
}): ListStatus =>
  snapshot.matches('failed') ? 'failed' : snapshot.matches('ready') ? 'ready' : 'loading';

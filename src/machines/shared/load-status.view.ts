// Where a flow's data is, for every machine with `loading` and `failed` states: the list tabs,
// the settings blocks and the modals that load before they show a form.

export type LoadStatus = 'loading' | 'failed' | 'ready';

/** `failed` and `loading` as the machine says; any other state has its data (saving included). */
export const loadStatus = (snapshot: {
  matches(state: 'failed' | 'loading'): boolean;
}): LoadStatus =>
  snapshot.matches('failed') ? 'failed' : snapshot.matches('loading') ? 'loading' : 'ready';

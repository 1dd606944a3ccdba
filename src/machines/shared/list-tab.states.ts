import type { Features } from '@/session/user-info';

/*
 * The states the list tabs (mailboxes, users, teams) share. A tab's machine spreads them into
 * its config and declares what they name: the actor `load` (its lists, given the features),
 * the actions `assignData` (params `{ data }`), `showRows` and `clearSelection`, and the
 * guards `hasSeed` and `isRemoval`.
 */

const load = {
  id: 'load',
  src: 'load',
  input: ({ context }: { context: { features: Features } }) => ({ features: context.features }),
} as const;

function assignLoaded<TData>() {
  return [
    {
      type: 'assignData',
      params: ({ event }: { event: { output: TData } }) => ({ data: event.output }),
    },
    'showRows',
  ] as const;
}

/**
 * What a list tab with edit and remove modals invokes: its table and the two modals (its machine
 * declares the actors `table`, `editor` and `remover`).
 */
export const LIST_TAB_CHILDREN = [
  { id: 'table', src: 'table' },
  { id: 'editor', src: 'editor' },
  { id: 'remover', src: 'remover' },
] as const;

/**
 * Starting from the lists loaded at sign-in (shown at once, refreshed behind them) or loading
 * them; a failed load shows Something went wrong until RETRY.
 */
export function listLoadStates<TData>() {
  return {
    starting: {
      description: 'Choosing where to start: the lists loaded at sign-in, or a load of its own',
      always: [
        { guard: 'hasSeed', target: 'ready.list.refreshing', actions: 'showRows' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Loading the lists; the tab shows its loading state',
      invoke: {
        ...load,
        onDone: { target: 'ready', actions: assignLoaded<TData>() },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The lists could not be loaded; the tab shows Something went wrong with a retry',
      on: { RETRY: 'loading' },
    },
  } as const;
}

/*
 * A saved modal reloads the list; a removal also clears the selection. The transitions sit on
 * the region's states, not the region: a region's own transition would re-enter the whole
 * parallel `ready` state (its nearest compound ancestor) and reset the sibling regions.
 */
const reload = { target: 'refreshing', reenter: true } as const;
const reloadAfterSave = [
  { guard: 'isRemoval', ...reload, actions: 'clearSelection' },
  reload,
] as const;

/**
 * The `ready.list` region: idle, or reloading after a change. `machineId` names the tab;
 * `alsoReloadOn` names the tab's other events that reload the list.
 */
export function listRegion<TData, TEvent extends string = never>(
  machineId: string,
  alsoReloadOn: readonly TEvent[] = [],
) {
  // Object.fromEntries loses the keys' literal types, which the cast gives back.
  const on = {
    MODAL_SAVED: reloadAfterSave,
    ...Object.fromEntries(alsoReloadOn.map((type) => [type, reload])),
  } as { MODAL_SAVED: typeof reloadAfterSave } & Record<TEvent, typeof reload>;
  return {
    description: 'The list on show, and its reload after a change',
    initial: 'idle',
    states: {
      idle: { description: 'The list shows what was last loaded', on },
      refreshing: {
        description:
          'Reloading the lists behind the rows on show (after a save, or the rows from sign-in)',
        on,
        invoke: {
          ...load,
          onDone: { target: 'idle', actions: assignLoaded<TData>() },
          onError: `#${machineId}.failed`,
        },
      },
    },
  } as const;
}

/**
 * The `ready.limit` region: ADD at the limit (guard `isAtLimit`) opens the limit modal until
 * CLOSE_LIMIT; below it, ADD takes the `belowLimit` transition when there is one.
 */
export function limitRegion<TBelow extends object>(...belowLimit: TBelow[]) {
  return {
    description: 'The plan-limit modal, which Add opens instead of adding at the limit',
    initial: 'closed',
    states: {
      closed: {
        description:
          'No limit modal; Add opens the add modal, or the limit modal at the plan limit',
        on: { ADD: [{ guard: 'isAtLimit', target: 'open' }, ...belowLimit] },
      },
      open: {
        description: 'The limit modal says the plan allows no more',
        on: { CLOSE_LIMIT: 'closed' },
      },
    },
  } as const;
}

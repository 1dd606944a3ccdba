import type { SnapshotFrom } from 'xstate';
import type { NativeDashboardMachine } from './native-dashboard.machine';
import type { UnrepliedMachine } from './unreplied.machine';

/** What the page shows for each state of the figures. */
const PHASES = {
  loadingChoices: 'starting',
  choicesFailed: 'startFailed',
  loading: 'loading',
  ready: 'ready',
  failed: 'failed',
} as const;

const FIGURE_STATES = Object.keys(PHASES) as (keyof typeof PHASES)[];

/** What the native dashboard shows of a snapshot of its machine. */
export function nativeDashboardView(snapshot: SnapshotFrom<NativeDashboardMachine>) {
  const { context } = snapshot;
  const state = FIGURE_STATES.find((name) => snapshot.matches({ figures: name }));
  const phase = PHASES[state ?? 'loadingChoices'];
  return {
    phase,
    /** The search the figures are for, and its period. */
    search: context.search,
    range: context.range,
    today: context.today,
    canFilterMailboxes: context.canFilterMailboxes,
    /** What the filters offer; null until loaded. */
    choices: context.choices,
    figures: context.figures,
    /** Old figures shown while new ones load: the page dims them. */
    stale: phase === 'loading' && context.figures !== null,
    /** The CSV export on its way, if one is. */
    exporting: snapshot.matches({ csv: 'exporting' }) ? context.exportFile : null,
    unreplied: snapshot.children.unreplied,
  };
}

/** What the unreplied list shows of a snapshot of its machine. */
export function unrepliedView(snapshot: SnapshotFrom<UnrepliedMachine>) {
  return {
    /** The last page that arrived; null until the first. */
    page: snapshot.context.page,
    loading: snapshot.matches('loading') || snapshot.matches('idle'),
    failed: snapshot.matches('failed'),
  };
}

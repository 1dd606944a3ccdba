import type { SnapshotFrom } from 'xstate';
import type { nativeDashboardMachine } from './native-dashboard.machine';
import type { unrepliedMachine } from './unreplied.machine';

type Snapshot = SnapshotFrom<typeof nativeDashboardMachine>;

type DashboardPhase = 'starting' | 'startFailed' | 'loading' | 'ready' | 'failed';

/** What the native dashboard's screens read from its machine. */
export function selectDashboardPhase(snapshot: Snapshot): DashboardPhase {
  if (snapshot.matches('loadingChoices') || snapshot.matches('waiting')) return 'starting';
  if (snapshot.matches('choicesFailed')) return 'startFailed';
  if (snapshot.matches('failed')) return 'failed';
  return snapshot.matches('ready') ? 'ready' : 'loading';
}

export const selectChoices = (snapshot: Snapshot) => snapshot.context.choices;
export const selectFigures = (snapshot: Snapshot) => snapshot.context.figures;

/** Old figures shown while new ones load: the page dims them. */
export const selectIsStale = (snapshot: Snapshot) =>
  snapshot.matches('loading') && snapshot.context.figures !== null;

type UnrepliedSnapshot = SnapshotFrom<typeof unrepliedMachine>;

export const selectUnrepliedPage = (snapshot: UnrepliedSnapshot) => snapshot.context.page;
export const selectUnrepliedFailed = (snapshot: UnrepliedSnapshot) => snapshot.matches('failed');
export const selectUnrepliedLoading = (snapshot: UnrepliedSnapshot) =>
  snapshot.matches('loading') || snapshot.matches('idle');

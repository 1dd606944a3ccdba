import type { SnapshotFrom } from 'xstate';
import type { DashboardMachine } from './dashboard.machine';

/** Which of its screens the dashboard page shows. */
type DashboardScreen = 'loading' | 'failed' | 'lookerStudio' | 'superset' | 'native' | 'notReady';

const SHOWN: readonly DashboardScreen[] = [
  'failed',
  'lookerStudio',
  'superset',
  'native',
  'notReady',
];

/** What the dashboard page and the shell show of a snapshot of the dashboard machine. */
export function dashboardView(snapshot: SnapshotFrom<DashboardMachine>) {
  return {
    screen: SHOWN.find((screen) => snapshot.matches(screen)) ?? 'loading',
    dashboard: snapshot.context.dashboard,
    /** An embedded BI platform: the other pages show the help header. */
    hasPlatform: snapshot.hasTag('platform'),
  };
}

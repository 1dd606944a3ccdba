import type { SnapshotFrom } from 'xstate';
import type { RouteGuardMachine } from './route-guard.machine';

/** What the root route does with a navigation. */
type GuardDecision =
  'allowed' | 'notFound' | 'toLogin' | 'toDashboard' | 'maintenance' | 'unverified';

const DECISIONS: readonly GuardDecision[] = [
  'allowed',
  'notFound',
  'toLogin',
  'toDashboard',
  'maintenance',
  'unverified',
];

/** The guard's decision on the last navigation; null while it is still deciding. */
export function guardDecision(snapshot: SnapshotFrom<RouteGuardMachine>): GuardDecision | null {
  if (!snapshot.hasTag('settled')) return null;
  return DECISIONS.find((decision) => snapshot.matches(decision)) ?? null;
}

import { useRouteContext } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { dashboardMachine, type DashboardActor } from '@/machines/dashboard/dashboard.machine';
import {
  routeGuardMachine,
  type RouteGuardActor,
} from '@/machines/route-guard/route-guard.machine';
import { sessionMachine, type SessionActor } from '@/machines/session/session.machine';
import {
  workspaceDataMachine,
  type WorkspaceDataActor,
} from '@/machines/workspace-data/workspace-data.machine';

/** The app-wide actors, handed to every route through the router context. */
export interface AppContext {
  routeGuard: RouteGuardActor;
  session: SessionActor;
  workspaceData: WorkspaceDataActor;
  dashboard: DashboardActor;
}

export interface AppMachines {
  routeGuard: typeof routeGuardMachine;
  session: typeof sessionMachine;
  workspaceData: typeof workspaceDataMachine;
  dashboard: typeof dashboardMachine;
}

/** Starts the app's actors; tests pass machines with stand-in actors. */
export function createAppContext(machines: Partial<AppMachines> = {}): AppContext {
  return {
    routeGuard: createActor(machines.routeGuard ?? routeGuardMachine).start(),
    session: createActor(machines.session ?? sessionMachine).start(),
    workspaceData: createActor(machines.workspaceData ?? workspaceDataMachine).start(),
    dashboard: createActor(machines.dashboard ?? dashboardMachine).start(),
  };
}

export function useAppContext(): AppContext {
  return useRouteContext({ from: '__root__' });
}

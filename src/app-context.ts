import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { createActor } from 'xstate';
import type { ApiClient } from '@/api/client';
import {
  createDashboardMachine,
  type DashboardActor,
  type DashboardMachine,
} from '@/machines/dashboard/dashboard.machine';
import {
  createRouteGuardMachine,
  type RouteGuardActor,
  type RouteGuardMachine,
} from '@/machines/route-guard/route-guard.machine';
import {
  createSessionMachine,
  type SessionActor,
  type SessionMachine,
} from '@/machines/session/session.machine';
import { sessionView } from '@/machines/session/session.view';
import type { SignInCodeMachine } from '@/machines/sign-in-code/sign-in-code.machine';
import { SignInCodeHost } from '@/machines/sign-in-code/sign-in-code.host';
import { sameView } from '@/machines/shared/same-view';
import {
  createWorkspaceDataMachine,
  type WorkspaceDataActor,
  type WorkspaceDataMachine,
} from '@/machines/workspace-data/workspace-data.machine';
import type { UserInfo } from '@/session/user-info';

/** The app-wide actors and the API client, handed to every route through the router context. */
export interface AppContext {
  /** The client every page's machine is built over (tests pass one with a stand-in fetch). */
  api: ApiClient;
  routeGuard: RouteGuardActor;
  session: SessionActor;
  /** A sign-in code in the address: traded for a session, or the question first. */
  signInCode: SignInCodeHost;
  workspaceData: WorkspaceDataActor;
  dashboard: DashboardActor;
}

export interface AppMachines {
  routeGuard: RouteGuardMachine;
  session: SessionMachine;
  signInCode: SignInCodeMachine;
  workspaceData: WorkspaceDataMachine;
  dashboard: DashboardMachine;
}

/** Starts the app's actors over `api`; tests pass machines with stand-in actors. */
export function createAppContext(api: ApiClient, machines: Partial<AppMachines> = {}): AppContext {
  return {
    api,
    routeGuard: createActor(machines.routeGuard ?? createRouteGuardMachine(api)).start(),
    session: createActor(machines.session ?? createSessionMachine(api)).start(),
    signInCode: new SignInCodeHost(async () => {
      if (machines.signInCode) return machines.signInCode;
      const { createSignInCodeMachine } =
        await import('@/machines/sign-in-code/sign-in-code.machine');
      return createSignInCodeMachine(api);
    }),
    workspaceData: createActor(machines.workspaceData ?? createWorkspaceDataMachine(api)).start(),
    dashboard: createActor(machines.dashboard ?? createDashboardMachine(api)).start(),
  };
}

export function useAppContext(): AppContext {
  return useRouteContext({ from: '__root__' });
}

/**
 * A page's machine, built once per visit over the app's client: `useFlowMachine(createUsersMachine)`.
 * The machine must stay the same object while the page is shown, or its actor would restart.
 */
export function useFlowMachine<TMachine>(create: (api: ApiClient) => TMachine): TMachine {
  const { api } = useAppContext();
  const [machine] = useState(() => create(api));
  return machine;
}

/** The user of the signed-in shell; pages render only once the session has it. */
export function useSignedInUser(): UserInfo {
  const { session } = useAppContext();
  const { user } = useSelector(session, sessionView, sameView);
  if (!user) throw new Error('useSignedInUser is for pages inside the signed-in shell');
  return user;
}

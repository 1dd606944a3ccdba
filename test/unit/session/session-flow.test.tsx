import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import { createRouteGuardMachine } from '../../../src/machines/route-guard/route-guard.machine';
import { createSessionMachine } from '../../../src/machines/session/session.machine';
import { createSignInCodeMachine } from '../../../src/machines/sign-in-code/sign-in-code.machine';
import type { Access } from '../../../src/session/access';
import type { UserInfo } from '../../../src/session/user-info';
import { readStoredUserInfo, USER_INFO_KEY } from '../../../src/session/user-info-store';
import { makeUser } from '../../support/fixtures';
import { renderApp } from '../support/render-app';
import { offlineClient } from '../../support/offline-client';

const CODE = 'c0de'.repeat(11);

const ERROR_TEXT =
  "Sorry, we couldn't find your account. If you believe this is an error, please get in touch with your administrator or contact support.";

function sessionWith(loadUserInfo: () => Promise<UserInfo>, expireToken = async () => {}) {
  const goToLogin = vi.fn<() => void>();
  const machine = createSessionMachine(offlineClient).provide({
    actors: {
      loadUserInfo: fromPromise(loadUserInfo),
      expireToken: fromPromise<void>(expireToken),
    },
    actions: { goToLogin },
  });
  return { machine, goToLogin };
}

describe('sign-in session', () => {
  it('trades a sign-in code from the URL, strips it from the address bar and lands on the dashboard', async () => {
    const exchanged: string[] = [];
    const signInCode = createSignInCodeMachine(offlineClient).provide({
      actors: {
        exchangeCode: fromPromise<string, { code: string }>(async ({ input }) => {
          exchanged.push(input.code);
          return 'fresh-token';
        }),
      },
    });
    const { router } = renderApp(`/settings/users?code=${CODE}`, {
      signedIn: false,
      machines: { signInCode },
    });
    await screen.findByRole('heading', { name: 'Your dashboard' });
    expect(exchanged).toEqual([CODE]);
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.searchStr).toBe('');
    // Replaced, not pushed: Back cannot return to the address with the code.
    expect(router.history.length).toBe(1);
  });

  it('takes no session token from the URL: a link cannot sign anyone in (issue 44)', async () => {
    const { router } = renderApp('/settings/users?token=planted-token', { signedIn: false });
    await screen.findByRole('heading', { name: 'Log in to the enterprise edition of Mailpulse' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a visitor without a token to the login page', async () => {
    const { router } = renderApp('/alerts', { signedIn: false });
    await screen.findByRole('heading', { name: 'Log in to the enterprise edition of Mailpulse' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('turns ?error=account into the error-login flag and drops the parameter', async () => {
    const { router } = renderApp('/login?error=account', { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TEXT);
    expect(window.localStorage.getItem('errorLogin')).not.toBeNull();
    expect(router.state.location.searchStr).toBe('');
  });

  it('keeps the user info as the stored user info once loaded', async () => {
    window.localStorage.removeItem(USER_INFO_KEY);
    const user = makeUser('manager');
    renderApp('/dashboard', { user });
    await screen.findByRole('heading', { name: 'Your dashboard' });
    expect(readStoredUserInfo()).toEqual(user);
  });

  it('shows the maintenance page when the user-info call answers 503', async () => {
    const { machine } = sessionWith(async () => {
      throw new ApiFailure({ kind: 'unavailable', message: 'maintenance' });
    });
    renderApp('/dashboard', { machines: { session: machine } });
    expect(
      await screen.findByRole('heading', {
        name: 'We’re currently performing scheduled maintenance',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows Something went wrong when the user info fails, and Refresh page retries', async () => {
    let calls = 0;
    const { machine } = sessionWith(async () => {
      calls += 1;
      if (calls === 1) throw new ApiFailure({ kind: 'network', message: 'offline' });
      return makeUser('admin');
    });
    renderApp('/dashboard', { machines: { session: machine } });
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh page' }));
    expect(await screen.findByRole('heading', { name: 'Your dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['the server revokes the token', async () => {}],
    [
      'the logout call fails',
      async () => {
        throw new ApiFailure({ kind: 'network', message: 'offline' });
      },
    ],
  ])('logs out from the account item when %s', async (_, expireToken) => {
    const user = makeUser('viewer');
    const { machine, goToLogin } = sessionWith(async () => user, expireToken);
    renderApp('/dashboard', { user, machines: { session: machine } });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(goToLogin).toHaveBeenCalledOnce());
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(readStoredUserInfo()).toBeNull();
  });
});

describe('route guard in the router', () => {
  it('shows the not-found page to a viewer on an admin page', async () => {
    const { router } = renderApp('/settings/users', { user: makeUser('viewer') });
    await screen.findByRole('heading', { name: 'Whoa! How did you end up here?' });
    expect(router.state.location.pathname).toBe('/settings/users');
  });

  it("shows the not-found page on a disabled feature's route", async () => {
    renderApp('/settings/users', { user: makeUser('admin', { users: { enabled: false } }) });
    await screen.findByRole('heading', { name: 'Whoa! How did you end up here?' });
  });

  it('uses the stored info on the first navigation, then the user-info call', async () => {
    const loadAccess = vi.fn(async (): Promise<Access> => ({
      role: 'viewer',
      features: makeUser().features,
    }));
    const routeGuard = createRouteGuardMachine(offlineClient).provide({
      actors: { loadAccess: fromPromise(loadAccess) },
    });
    const { router } = renderApp('/settings/teams', { machines: { routeGuard } });
    await screen.findByRole('heading', { name: 'Teams' });
    expect(loadAccess).not.toHaveBeenCalled();

    await router.navigate({ to: '/alerts' });
    await screen.findByRole('heading', { name: 'Whoa! How did you end up here?' });
    expect(loadAccess).toHaveBeenCalledOnce();
  });

  it('shows the maintenance page when the user-info call of a later navigation answers 503', async () => {
    const routeGuard = createRouteGuardMachine(offlineClient).provide({
      actors: {
        loadAccess: fromPromise(async (): Promise<Access> => {
          throw new ApiFailure({ kind: 'unavailable', message: 'maintenance' });
        }),
      },
    });
    const { router } = renderApp('/dashboard', { machines: { routeGuard } });
    await screen.findByRole('heading', { name: 'Your dashboard' });
    await router.navigate({ to: '/settings/users' });
    expect(
      await screen.findByRole('heading', {
        name: 'We’re currently performing scheduled maintenance',
      }),
    ).toBeInTheDocument();
  });

  it('does not consult the server for hover preloads', async () => {
    const loadAccess = vi.fn(async (): Promise<Access> => ({
      role: 'admin',
      features: makeUser().features,
    }));
    const routeGuard = createRouteGuardMachine(offlineClient).provide({
      actors: { loadAccess: fromPromise(loadAccess) },
    });
    const { router } = renderApp('/dashboard', { machines: { routeGuard } });
    await screen.findByRole('heading', { name: 'Your dashboard' });
    await router.preloadRoute({ to: '/alerts' });
    expect(loadAccess).not.toHaveBeenCalled();
  });

  it('routes /access-denied with its texts', async () => {
    renderApp('/access-denied');
    await screen.findByRole('heading', { name: "You don't have permission to access this page" });
    expect(
      screen.getByText(
        'If you believe you should have access, please reach out to an admin or contact support.',
      ),
    ).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import type { SignInCodePeek } from '../../../src/api/types';
import { createSignInCodeMachine } from '../../../src/machines/sign-in-code/sign-in-code.machine';
import { offlineClient } from '../../support/offline-client';
import { renderApp } from '../support/render-app';

// The question a sign-in link asks while someone is signed in (issue 44), and the dialog of a
// link that no longer works.

const CODE = 'c0de'.repeat(11);
const PEEK: SignInCodePeek = {
  email: 'max@acme.example',
  full_name: 'Max',
  signed_in_as: 'ada@acme.example',
};

function flow(exchange: () => Promise<string> = async () => 'max-token') {
  const openDashboard = vi.fn<() => void>();
  const machine = createSignInCodeMachine(offlineClient).provide({
    actors: { peekCode: fromPromise(async () => PEEK), exchangeCode: fromPromise(exchange) },
    actions: { openDashboard },
  });
  return { machine, openDashboard };
}

const question = () => screen.findByRole('dialog', { name: 'Switch user?' });

describe('a sign-in link while someone is signed in', () => {
  it('asks "You are signed in as X. Continue as Y?" with the code out of the address', async () => {
    const { machine } = flow();
    const { router } = renderApp(`/dashboard?code=${CODE}`, { machines: { signInCode: machine } });
    expect(await question()).toHaveAccessibleDescription(
      'You are signed in as ada@acme.example. Continue as max@acme.example?',
    );
    expect(router.state.location.searchStr).toBe('');
    expect(window.localStorage.getItem('token')).toBe('test-token');
  });

  it('Cancel closes the question and keeps the current session', async () => {
    const exchange = vi.fn(async () => 'max-token');
    const { machine, openDashboard } = flow(exchange);
    renderApp(`/dashboard?code=${CODE}`, { machines: { signInCode: machine } });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(exchange).not.toHaveBeenCalled();
    expect(openDashboard).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBe('test-token');
    expect(await screen.findByRole('heading', { name: 'Your dashboard' })).toBeVisible();
  });

  it('Continue keeps the new session and loads the dashboard as the other user', async () => {
    const { machine, openDashboard } = flow();
    renderApp(`/dashboard?code=${CODE}`, { machines: { signInCode: machine } });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(openDashboard).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem('token')).toBe('max-token');
  });

  it('says when the link has expired or was used, and Close dismisses it', async () => {
    const refused = new ApiFailure({ kind: 'invalid', message: 'code: expired' });
    const { machine } = flow(() => Promise.reject(refused));
    renderApp(`/dashboard?code=${CODE}`, { machines: { signInCode: machine } });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'This sign-in link has expired' });
    expect(dialog).toHaveAccessibleDescription(
      'A sign-in link works once, within a minute. Sign in again to get a new one.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem('token')).toBe('test-token');
  });
});

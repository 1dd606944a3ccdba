import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken, storeToken } from '../../../src/api/session-store';
import { startLogin } from '../../../src/routes/-login-entry';
import { offlineClient } from '../../support/offline-client';

// The login page's standalone host (a page load of /login without the router): the same
// outcomes as the router's root guard and /login route on that page load.

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** A page load at `url`: the host starts on a fresh root; resolves once it has decided. */
async function loadLogin(url: string) {
  window.history.replaceState(null, '', url);
  const element = document.body.appendChild(document.createElement('div'));
  root = createRoot(element);
  const handOver = vi.fn(async () => undefined);
  await act(() => startLogin(root as Root, handOver, offlineClient));
  return handOver;
}

const heading = () =>
  screen.findByRole('heading', { name: 'Log in to the enterprise edition of Mailpulse' });

describe('the standalone login page', () => {
  it('shows the page, keeps ?error=account as the flag and takes both parameters out', async () => {
    const handOver = await loadLogin('/login?error=account&email=jane%40acme.example');
    await heading();
    expect(screen.getByRole('alert')).toHaveTextContent("Sorry, we couldn't find your account.");
    expect(screen.getByRole('region', { name: 'Email address' })).toHaveTextContent(
      'jane@acme.example',
    );
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login');
    expect(window.localStorage.getItem('errorLogin')).toBe('true');
    expect(document.title).toBe('Log in · Mailpulse');
    expect(handOver).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(screen.queryByRole('region', { name: 'Email address' })).not.toBeInTheDocument();
  });

  it('reads the parameters as the route does: an address that is not a string is dropped', async () => {
    await loadLogin('/login?email=123&error=other');
    await heading();
    expect(screen.queryByRole('region', { name: 'Email address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('errorLogin')).toBeNull();
  });

  it('hands a signed-in visitor to the router app, where the guard redirects', async () => {
    storeToken('test-token');
    const handOver = await loadLogin('/login?email=jane%40acme.example');
    expect(handOver).toHaveBeenCalledWith();
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/login?email=jane%40acme.example',
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('hands a sign-in code in the address to the router app, which trades it', async () => {
    const handOver = await loadLogin(`/login?code=${'c0de'.repeat(11)}`);
    await waitFor(() => expect(handOver).toHaveBeenCalledWith());
    expect(readToken()).toBeNull();
  });

  it('takes no session token from the address: a link cannot sign anyone in', async () => {
    const handOver = await loadLogin('/login?token=planted-token');
    await heading();
    expect(readToken()).toBeNull();
    expect(handOver).not.toHaveBeenCalled();
  });
});

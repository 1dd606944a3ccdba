import { defaultParseSearch } from '@tanstack/react-router';
import { StrictMode, useState } from 'react';
import type { Root } from 'react-dom/client';
import { createActor, waitFor } from 'xstate';
import { api as appApi, type ApiClient } from '@/api/client';
import { pageTitle } from '@/domain/page-titles';
import { createLoginMachine, type LoginMachine } from '@/machines/login/login.machine';
import { createRouteGuardMachine, navigateEvent } from '@/machines/route-guard/route-guard.machine';
import { guardDecision } from '@/machines/route-guard/route-guard.view';
import { readSignInCode } from '@/session/sign-in-code';
import { breadcrumbs } from '@/telemetry/breadcrumbs';
import { redactUrl } from '@/telemetry/redact';
import { setLoginErrorFlag } from './-components/login/login-error-flag';
import { LoginPage } from './-components/login/LoginPage';
import { validateLoginSearch } from './-components/login/login-search';

// The login page's standalone host: a page load of /login renders the same LoginPage as the
// `/login` route, without the router (a fifth of the first visit's JavaScript). It does what
// the router does on that page load: the root's route guard decides first, then the route's
// parameters are read once and leave the address bar. The router app is loaded only when the
// guard sends the visitor on, or once they have signed in, and takes over the same React root.

/** Renders the router app on the page's root, first at `arrival` (a new history entry) if given. */
export type HandOver = (arrival?: string) => Promise<void>;

/** The route guard's decision on this page load, by the machine the router app runs. */
async function guardPageLoad(api: ApiClient) {
  const guard = createActor(createRouteGuardMachine(api)).start();
  guard.send(
    navigateEvent({
      pathname: window.location.pathname,
      routeFound: true,
      features: [],
      isFirstNavigation: true,
    }),
  );
  const decision = guardDecision(
    await waitFor(guard, (snapshot) => guardDecision(snapshot) !== null),
  );
  guard.stop();
  return decision;
}

/** The route's `beforeLoad` and component: the flag kept, the parameters out of the address bar. */
function takeSearch() {
  const search = validateLoginSearch(defaultParseSearch(window.location.search));
  if (search.error === 'account') setLoginErrorFlag();
  if (search.email !== undefined || search.error !== undefined) {
    window.history.replaceState(window.history.state, '', '/login');
  }
  return search;
}

/**
 * Follows the demo link as the browser would (the server redeems it and redirects to the
 * dashboard with a sign-in code), then hands over at that address without a page load. Whatever
 * goes wrong falls back to the full navigation the router app's login page makes.
 */
async function signInHere(url: string, handOver: HandOver) {
  let arrival: URL;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    arrival = new URL(response.url);
    if (!response.ok || !response.redirected || arrival.origin !== window.location.origin) {
      throw new Error(`the sign-in link answered ${response.status}`);
    }
  } catch {
    // The server's own page says why (a used or expired link).
    window.location.assign(url);
    return;
  }
  const target = `${arrival.pathname}${arrival.search}${arrival.hash}`;
  await handOver(target).catch(() => window.location.assign(target));
}

function StandaloneLogin({ machine, email }: { machine: LoginMachine; email?: string }) {
  // As on the route: the address is kept in memory only, until Change email drops it.
  const [shownEmail, setShownEmail] = useState(email);
  return (
    <LoginPage
      machine={machine}
      email={shownEmail}
      onChangeEmail={() => setShownEmail(undefined)}
    />
  );
}

/** A page load of /login: the login page, or the router app where the guard sends the visitor. */
export async function startLogin(
  root: Root,
  handOver: HandOver,
  api: ApiClient = appApi,
): Promise<void> {
  // A signed-in visitor (or one arriving with a sign-in code) goes on; the router app redirects
  // (or trades the code) as it would have, so every outcome stays the router's.
  if (readSignInCode(window.location.search) !== null) return handOver();
  if ((await guardPageLoad(api)) !== 'allowed') return handOver();
  const loaded = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  breadcrumbs.leave('navigation', `(page load) → ${redactUrl(loaded)}`);
  const { email } = takeSearch();
  document.title = pageTitle('login');
  const machine = createLoginMachine(api).provide({
    actions: { openLink: (_, { url }) => void signInHere(url, handOver) },
  });
  root.render(
    <StrictMode>
      <StandaloneLogin machine={machine} email={email} />
    </StrictMode>,
  );
}

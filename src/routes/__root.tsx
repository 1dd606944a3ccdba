import {
  createRootRouteWithContext,
  notFound,
  Outlet,
  redirect,
  rootRouteId,
  useMatches,
} from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { waitFor } from 'xstate';
import type { AppContext } from '@/app-context';
import { pageTitle } from '@/domain/page-titles';
import { navigateEvent } from '@/machines/route-guard/route-guard.machine';
import { guardDecision } from '@/machines/route-guard/route-guard.view';
import { readSignInCode } from '@/session/sign-in-code';

// The shell (its navigation, the session's loading states) is code the login page never runs;
// the root is never split by the router plugin, so its not-found page loads the shell itself.
const ShellNotFound = lazy(() =>
  import('./-components/ShellNotFound').then((module) => ({ default: module.ShellNotFound })),
);
// Only a visitor with a sign-in code in the address ever needs its dialog (and its machine).
const SignInCodeDialog = lazy(() =>
  import('./-components/SignInCodeDialog').then((module) => ({
    default: module.SignInCodeDialog,
  })),
);

// Any unmatched path renders the not-found page inside the shell (the router uses
// notFoundMode 'root', so this is the only not-found component).
export const Route = createRootRouteWithContext<AppContext>()({
  // The route guard machine decides every navigation; this only relays its decision.
  beforeLoad: async ({ context, location, matches, cause, preload }) => {
    // Hover preloads are not navigations: they must not call the server or redirect.
    if (preload) return;
    const code = readSignInCode(location.searchStr);
    if (code !== null) {
      context.signInCode.read(code);
      // Out of the address bar, and so of history, at once (replaced, not pushed), and on to
      // the dashboard as the spec has "a token in the URL" send the visitor.
      throw redirect({ to: '/dashboard', replace: true });
    }
    // While a code is being traded, whether anyone is signed in is not known yet.
    await context.signInCode.settled();
    const guard = context.routeGuard;
    guard.send(
      navigateEvent({
        pathname: location.pathname,
        routeFound: matches.some((match) => match.routeId !== rootRouteId),
        features: matches.flatMap((match) => match.staticData.feature ?? []),
        // The root stays matched once a navigation has completed: `enter` means a page load.
        isFirstNavigation: cause === 'enter',
      }),
    );
    const decision = guardDecision(
      await waitFor(guard, (snapshot) => guardDecision(snapshot) !== null),
    );
    if (decision === 'toDashboard') throw redirect({ to: '/dashboard', replace: true });
    if (decision === 'toLogin') throw redirect({ to: '/login', replace: true });
    if (decision === 'notFound') throw notFound();
    // The shell shows the maintenance page, and finds out by itself when the service is back.
    if (decision === 'maintenance') context.session.send({ type: 'MAINTENANCE' });
  },
  component: Root,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <ShellNotFound />
    </Suspense>
  ),
});

/** Every page names itself in the browser tab, after the deepest route that has a name. */
function Root() {
  const routeName = useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData.routeName)?.staticData.routeName,
  });
  useEffect(() => {
    document.title = pageTitle(routeName);
  }, [routeName]);
  const { signInCode } = Route.useRouteContext();
  const flow = useSyncExternalStore(signInCode.subscribe, signInCode.current);
  return (
    <>
      <Outlet />
      {flow && (
        <Suspense fallback={null}>
          <SignInCodeDialog actor={flow} />
        </Suspense>
      )}
    </>
  );
}

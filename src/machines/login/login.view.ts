import type { DemoUser } from '@/api/types';
import type { LoginSnapshot } from './login.machine';

interface LoginView {
  /** Why each provider's button is disabled; null when it can be used. */
  googleUnavailable: string | null;
  microsoftUnavailable: string | null;
  /** The company's own sign-in button's text; null while it is not configured (no button). */
  companySignIn: string | null;
  /** Empty while demo sign-in is off: the demo block is then absent. */
  demoUsers: readonly DemoUser[];
  /** The demo user being signed in. */
  busyUser: DemoUser | null;
  demoError: string | null;
}

const notSetUp = (name: string) => `${name} sign-in is not set up on this server.`;

const NO_DEMO_USERS: readonly DemoUser[] = [];

/** What the login page shows for a snapshot of its machine. */
export function loginView(snapshot: LoginSnapshot): LoginView {
  const { options, demoUser, demoError } = snapshot.context;
  const busy = snapshot.matches('signingIn') || snapshot.matches('leaving');
  return {
    googleUnavailable: options && !options.google ? notSetUp('Google') : null,
    microsoftUnavailable: options && !options.microsoft ? notSetUp('Microsoft') : null,
    companySignIn: options?.oidc_label ?? null,
    demoUsers: options?.demo_users ?? NO_DEMO_USERS,
    busyUser: busy ? demoUser : null,
    demoError,
  };
}

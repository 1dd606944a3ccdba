import type { DemoUser } from '@/api/types';
import type { LoginSnapshot } from './login.machine';

interface ProviderView {
  /** Why the button is disabled; null when it can be used. */
  unavailable: string | null;
}

interface LoginView {
  google: ProviderView;
  microsoft: ProviderView;
  /** Empty while demo sign-in is off: the demo block is then absent. */
  demoUsers: readonly DemoUser[];
  /** The demo user being signed in. */
  busyUser: DemoUser | null;
  demoError: string | null;
}

const notSetUp = (name: string) => `${name} sign-in is not set up on this server.`;

/** What the login page shows for a snapshot of its machine. */
export function loginView(snapshot: LoginSnapshot): LoginView {
  const { options, demoUser, demoError } = snapshot.context;
  const busy = snapshot.matches('signingIn') || snapshot.matches('leaving');
  return {
    google: { unavailable: options && !options.google ? notSetUp('Google') : null },
    microsoft: { unavailable: options && !options.microsoft ? notSetUp('Microsoft') : null },
    demoUsers: options?.demo_users ?? [],
    busyUser: busy ? demoUser : null,
    demoError,
  };
}

/**
 * Signing in without clicking through a provider: the server prints one single-use demo link per
 * demo user at start; redeeming one yields a session token, which a browser context then keeps
 * in local storage exactly as the app does after `/dashboard?token=…`.
 */
import type { BrowserContext } from '@playwright/test';
import { TOKEN_KEY } from '../../../src/api/session-store';
import type { RunningServer } from './server';

export type Role = 'admin' | 'manager' | 'viewer';

/** The seeded demo users of the Acme workspace. */
export const DEMO_USERS: Readonly<Record<Role, string>> = {
  admin: 'ada.admin@acme.example',
  manager: 'max.manager@acme.example',
  viewer: 'vera.viewer@acme.example',
};

/** The demo sign-in link the server printed for this role's user. */
export async function demoLink(server: RunningServer, role: Role): Promise<string> {
  const email = DEMO_USERS[role].replaceAll('.', '\\.');
  const line = new RegExp(`demo sign-in ${role} ${email}: (\\S+)`);
  const [, link] = await server.waitForOutput(line);
  if (!link) throw new Error(`No demo link for ${role}`);
  return link;
}

/** Opens a demo link outside the browser and returns the session token it signs in with. */
export async function redeemDemoLink(link: string): Promise<string> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const token = new URL(location, link).searchParams.get('token');
  if (response.status !== 302 || !token) {
    throw new Error(`${link} answered ${response.status} ${location}, not a signed-in redirect`);
  }
  return token;
}

/**
 * Signs a fresh context in: its first page of the app finds the token in local storage, as after
 * `/dashboard?token=…`. The script that puts it there is withdrawn once that page has loaded, so
 * a logout later in the test sticks.
 */
export async function seedToken(context: BrowserContext, url: string, token: string) {
  const origin = new URL(url).origin;
  const script = await context.addInitScript(
    ([appOrigin, key, value]) => {
      if (window.location.origin === appOrigin) window.localStorage.setItem(key, value);
    },
    [origin, TOKEN_KEY, token] as const,
  );
  context.on('page', (page) => {
    const withdraw = () => {
      if (!page.url().startsWith(origin)) return;
      page.off('domcontentloaded', withdraw);
      void script.dispose();
    };
    page.on('domcontentloaded', withdraw);
  });
}

/** A server whose demo users can be signed in by role; each link is redeemed once. */
export interface TestServer extends RunningServer {
  /** A session token for the role's demo user (the same one for every call on this server). */
  token(role: Role): Promise<string>;
}

export function withDemoSessions<S extends RunningServer>(server: S): S & TestServer {
  const tokens = new Map<Role, Promise<string>>();
  const token = (role: Role) => {
    const cached = tokens.get(role) ?? demoLink(server, role).then(redeemDemoLink);
    tokens.set(role, cached);
    return cached;
  };
  return { ...server, token };
}

/**
 * Signing in without clicking through a provider: the server prints one single-use demo link per
 * demo user at start; redeeming one yields a sign-in code, traded for a session token, which a
 * browser context then keeps in local storage exactly as the app does after `/dashboard?code=…`.
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

/** Opens a demo link outside the browser and returns the sign-in code its redirect carries. */
export async function signInCodeOf(link: string): Promise<string> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const code = new URL(location, link).searchParams.get('code');
  if (response.status !== 302 || !code) {
    throw new Error(`${link} answered ${response.status} ${location}, not a signed-in redirect`);
  }
  return code;
}

/** Opens a demo link outside the browser and returns the session token it signs in with. */
export async function redeemDemoLink(link: string): Promise<string> {
  const code = await signInCodeOf(link);
  const response = await fetch(new URL('/portal/api/sign-in-code/', link), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`the code of ${link} was refused (${response.status})`);
  return token;
}

/** A fresh single-use sign-in code for the role's demo user, as the login page's demo block gets. */
export async function freshSignInCode(server: RunningServer, role: Role): Promise<string> {
  const options = (await (await fetch(`${server.url}/portal/api/sign-in-options/`)).json()) as {
    demo_users: { workspace_id: number; user_id: number; email: string }[];
  };
  const user = options.demo_users.find((demo) => demo.email === DEMO_USERS[role]);
  if (!user) throw new Error(`no demo user ${DEMO_USERS[role]}`);
  const created = await fetch(`${server.url}/portal/api/demo-sign-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ workspace_id: user.workspace_id, user_id: user.user_id }),
  });
  const { url } = (await created.json()) as { url: string };
  return signInCodeOf(new URL(url, server.url).href);
}

/**
 * Signs a fresh context in: its first page of the app finds the token in local storage, as after
 * `/dashboard?code=…`. The script that puts it there is withdrawn once that page has loaded, so
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

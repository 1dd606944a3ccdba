import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './app';
import { createTestDb } from './test-db';
import type { LoginProvider } from '../../../server/config-sign-in';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';

/**
 * A browser for server tests: fetch with a cookie jar (kept per origin; paths and expiry beyond
 * deletion are ignored) that follows redirects one by one, so a test can stop anywhere.
 */
export class Browser {
  readonly jar = new Map<string, Map<string, string>>();

  cookies(url: string): Map<string, string> {
    const origin = new URL(url).origin;
    let cookies = this.jar.get(origin);
    if (!cookies) {
      cookies = new Map();
      this.jar.set(origin, cookies);
    }
    return cookies;
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookies = this.cookies(url);
    const headers = new Headers(init.headers);
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const removed = attributes.some(
        (a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a),
      );
      if (removed) cookies.delete(name);
      else cookies.set(name, pair.slice(at + 1));
    }
    return response;
  }

  get(url: string) {
    return this.request(url);
  }

  /** Follows redirects until one leads to a URL that `stop` accepts (returned unrequested). */
  async followUntil(response: Response, base: string, stop: (url: URL) => boolean): Promise<URL> {
    let current = response;
    let at = base;
    for (let hops = 0; hops < 20; hops += 1) {
      const location = current.headers.get('location');
      if (!location) throw new Error(`expected a redirect at ${at}, got ${current.status}`);
      const next = new URL(location, at);
      if (stop(next)) return next;
      at = next.href;
      current = await this.get(at);
    }
    throw new Error('too many redirects');
  }
}

/** A port that was free a moment ago: the app must know its public URL before it listens. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ListeningApp extends TestApp {
  url: string;
  /** What the app logged at warn and above, one parsed line each. */
  logs: LogLine[];
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** The real app listening on loopback, with PUBLIC_URL set to where it listens. */
export async function startListeningApp(env: Record<string, string>): Promise<ListeningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const db = await createTestDb();
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    CLIENT_DIR: '.tmp/no-client',
    PUBLIC_URL: url,
    ...env,
  });
  const logs: LogLine[] = [];
  const logStream = { write: (line: string) => logs.push(JSON.parse(line) as LogLine) };
  const app = await buildApp({ config, db, logStream });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, db, url, logs, close: () => app.close() };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Starts a sign-in at the app, picks the account on the stand-in's page and follows the
 * provider's redirects up to the app's callback, which is returned without being requested.
 */
export async function reachCallback(
  browser: Browser,
  appUrl: string,
  provider: LoginProvider,
  label: string,
): Promise<URL> {
  const started = await browser.get(`${appUrl}/portal/login/${provider}`);
  const page = await browser.followUntil(started, appUrl, (url) =>
    url.pathname.startsWith('/interaction/'),
  );
  const html = await (await browser.get(page.href)).text();
  const form = new RegExp(
    `action="([^"]+)">\\s*<input type="hidden" name="account" value="([^"]+)">\\s*` +
      `<button type="submit">Sign in as ${escapeRegExp(label)}</button>`,
  ).exec(html);
  if (!form?.[1] || !form[2]) throw new Error(`no "Sign in as ${label}" button`);
  const chosen = await browser.request(new URL(form[1], page).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: form[2] }).toString(),
  });
  return browser.followUntil(chosen, page.href, (url) => url.origin === appUrl);
}

/** Presses Cancel on the stand-in's page; returns the callback the provider sends back to. */
export async function cancelAtProvider(
  browser: Browser,
  appUrl: string,
  provider: LoginProvider,
): Promise<URL> {
  const started = await browser.get(`${appUrl}/portal/login/${provider}`);
  const page = await browser.followUntil(started, appUrl, (url) =>
    url.pathname.startsWith('/interaction/'),
  );
  const cancelled = await browser.request(`${page.href}/abort`, { method: 'POST' });
  return browser.followUntil(cancelled, page.href, (url) => url.origin === appUrl);
}

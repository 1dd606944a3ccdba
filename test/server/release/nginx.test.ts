import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import { startOidcProvider, type OidcStandIn } from '../../support/oidc-provider';
import { createTestWorkspace, type TestWorkspace } from '../support/app';
import { auditRows } from '../support/audit';
import { Browser, freePort, reachCallback } from '../support/sign-in';
import { signInCodeOf } from '../support/sign-in-code';
import { createTestDb } from '../support/test-db';

// deploy/nginx.conf as shipped, but for its two ports, in Debian's nginx in front of the app
// with TRUST_PROXY=1: a Google sign-in through it, and the client's address in the audit log.

// The browser connects from 127.0.0.3, so the address nginx sees differs from the proxy's own.
const CLIENT_ADDRESS = '127.0.0.3';

let op: OidcStandIn;
let db: Db;
let app: FastifyInstance;
let nginx: ChildProcess;
let folder: string;
let proxyUrl: string;
let ws: TestWorkspace;

async function startNginx(appPort: number, proxyPort: number): Promise<ChildProcess> {
  const example = (await readFile('deploy/nginx.conf', 'utf8'))
    .replace('server 127.0.0.1:8080;', `server 127.0.0.1:${appPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${proxyPort};`);
  await writeFile(join(folder, 'mailpulse.conf'), example);
  // One process as this user (no workers to drop privileges to), everything in the test folder.
  const main = `daemon off; master_process off; pid ${folder}/nginx.pid;
    error_log ${folder}/error.log warn;
    events {}
    http {
      access_log off;
      client_body_temp_path ${folder}/body; proxy_temp_path ${folder}/proxy;
      fastcgi_temp_path ${folder}/fastcgi; uwsgi_temp_path ${folder}/uwsgi;
      scgi_temp_path ${folder}/scgi;
      include ${folder}/mailpulse.conf;
    }`;
  await writeFile(join(folder, 'nginx.conf'), main);
  const child = spawn('/usr/sbin/nginx', ['-p', folder, '-c', join(folder, 'nginx.conf')], {
    stdio: 'inherit',
  });
  // Ready once it answers the app's /healthz: polled, as nginx prints nothing when it listens.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(`${proxyUrl}/healthz`).catch(() => undefined);
    if (answer?.status === 200) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mailpulse-nginx-'));
  op = await startOidcProvider();
  const [appPort, proxyPort] = [await freePort(), await freePort()];
  proxyUrl = `http://127.0.0.1:${proxyPort}`;
  db = await createTestDb();
  ws = await createTestWorkspace(db, { domain: 'proxied.example' });
  const config = loadConfig({
    ...op.env,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: '.tmp/no-client',
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: '1',
  });
  app = await buildApp({ config, db });
  await app.listen({ port: appPort, host: '127.0.0.1' });
  nginx = await startNginx(appPort, proxyPort);
});
afterAll(async () => {
  nginx.kill('SIGTERM');
  await app.close();
  await op.close();
  await rm(folder, { recursive: true, force: true });
});

/** A browser whose connections come from CLIENT_ADDRESS. */
class ClientBrowser extends Browser {
  readonly dispatcher = new Agent({ localAddress: CLIENT_ADDRESS });

  override request(url: string, init: RequestInit = {}): Promise<Response> {
    return super.request(url, { ...init, dispatcher: this.dispatcher } as RequestInit);
  }
}

describe('Mailpulse behind deploy/nginx.conf', () => {
  it('signs a user in through the proxy and records the address the proxy saw', async () => {
    op.setAccounts([{ email: ws.admin.email, name: 'Ada' }]);
    const browser = new ClientBrowser();
    const callback = await reachCallback(browser, proxyUrl, 'google-oauth2', ws.admin.email);
    expect(callback.origin).toBe(proxyUrl);
    const returned = await browser.get(callback.href);
    const code = signInCodeOf(returned.headers.get('location'));
    expect(code).toBeDefined();
    const exchanged = await browser.request(`${proxyUrl}/portal/api/sign-in-code/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    const me = await browser.request(`${proxyUrl}/portal/api/me/`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: ws.admin.email });

    const signIns = (await auditRows(db, ws.workspaceId)).filter(
      (row) => row.operation === 'signIn',
    );
    expect(signIns.map((row) => row.client_address)).toEqual([CLIENT_ADDRESS]);
  });
});

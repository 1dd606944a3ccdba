import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../../server/cli/commands';
import { CliInputError } from '../../../server/cli/flag-values';
import { parseCommand } from '../../../server/cli/parse';
import type { Db } from '../../../server/db/types';
import { getWorkspace } from '../../../server/repos/workspaces';
import { createTestDb, createTestDbLocation } from '../support/test-db';
import { npmRunCli } from '../support/server-process';

const LOOKER = 'https://lookerstudio.google.com/embed/reporting/abc/page/1';
const UUID = '0b0e5d63-6a2c-4d4c-9a43-1c1f0f5a7e11';

/** Splits a command line on spaces (no test value contains one). */
const words = (line: string) => line.split(' ').filter(Boolean);
const CREATE = 'workspace:create --name A --domains a.example --provider G';

describe('parseCommand', () => {
  it.each([
    ['nope', /unknown command "nope"/],
    ['workspace:create --domains a.example --provider G', /--name is required/],
    ['workspace:create --name A --domains a..example --provider G', /--domains/],
    ['workspace:create --name A --domains a.example --provider X', /--provider/],
    [`${CREATE} --max-users -1`, /--max-users/],
    [`${CREATE} --nmae x`, /--nmae/],
    ['workspace:list extra', /extra/],
    ['user:add --workspace one --email x@a.example --role admin', /--workspace/],
    ['user:add --workspace 1 --email not-an-email --role admin', /--email/],
    ['user:add --workspace 1 --email x@a.example --role owner', /--role/],
    ['user:add --workspace 1 --email x@a.example', /--role is required/],
    ['user:remove --workspace 1', /--email is required/],
    ['limits:set --workspace 1', /--max-mailboxes/],
    ['limits:set --workspace 1 --max-alerts 2.5', /--max-alerts/],
    ['feature:set --workspace 1 --feature alerts', /--enabled/],
    ['feature:set --workspace 1 --feature nope --enabled true', /--feature/],
    ['feature:set --workspace 1 --feature alerts --read-only yes', /--read-only/],
    ['dashboard:set --workspace 1 --platform tableau', /--platform/],
    ['dashboard:set --workspace 1 --platform superset', /--uuid/],
    ['dashboard:set --workspace 1 --platform superset --uuid x', /--uuid/],
    [
      'dashboard:set --workspace 1 --platform looker --embedded-url https://x.example/',
      /--embedded-url/,
    ],
    [
      `dashboard:set --workspace 1 --platform looker --embedded-url ${LOOKER} --url ftp://x`,
      /--url/,
    ],
    [`dashboard:set --workspace 1 --platform none --uuid ${UUID}`, /--uuid/],
    [`dashboard:set --workspace 1 --platform native --uuid ${UUID}`, /--uuid/],
  ])('refuses "%s" naming the bad flag', (line, message) => {
    expect(() => parseCommand(words(line))).toThrow(CliInputError);
    expect(() => parseCommand(words(line))).toThrow(message);
  });

  it('normalises what it accepts', () => {
    expect(parseCommand([])).toEqual({ name: 'help' });
    const create = 'workspace:create --name Acme --domains Acme.example,acme.io,acme.example';
    expect(parseCommand(words(`${create} --provider m`))).toEqual({
      name: 'workspace:create',
      workspace: {
        client_name: 'Acme',
        allowed_domains: ['acme.example', 'acme.io'],
        provider: 'M',
        max_mailboxes: 25,
        max_users: 10,
        max_alerts: 5,
      },
    });
    expect(
      parseCommand([
        'user:add',
        '--workspace',
        '3',
        '--email',
        'X@Acme.example',
        '--role',
        'viewer',
        '--name',
        ' Full Name ',
      ]),
    ).toEqual({
      name: 'user:add',
      workspaceId: 3,
      user: { email: 'x@acme.example', role: 'viewer', full_name: 'Full Name' },
    });
    expect(
      parseCommand(words(`dashboard:set --workspace 1 --platform looker --embedded-url ${LOOKER}`)),
    ).toEqual({
      name: 'dashboard:set',
      workspaceId: 1,
      dashboard: { platform: 'Looker Studio', embedded_url: LOOKER },
    });
  });
});

describe('runCommand', () => {
  let db: Db;
  let id: number;
  /** Runs a command line; "W" stands for "--workspace <the test workspace>". */
  const run = (line: string) =>
    runCommand(db, parseCommand(words(line.replace(' W ', ` --workspace ${id} `))));

  beforeAll(async () => {
    db = await createTestDb();
    const create = 'workspace:create --name Acme --domains acme.example,acme.io --provider G';
    const [line] = await run(`${create} --max-users 2`);
    id = Number(/workspace (\d+)/.exec(line ?? '')?.[1]);
  });
  afterAll(async () => {
    await db.close();
  });

  const userId = async (email: string) =>
    (await db.query<{ user_id: number }>('select user_id from users where email = $1', [email]))[0]
      ?.user_id;

  it('creates and lists workspaces', async () => {
    expect(await getWorkspace(db, id)).toMatchObject({
      client_name: 'Acme',
      allowed_domains: ['acme.example', 'acme.io'],
      max_users: 2,
    });
    expect(await run('workspace:list')).toEqual([
      `${id}\tAcme\tprovider G\tdomains acme.example,acme.io\tmicrosoft tenants none\t` +
        'google workspace no\tmailboxes 0/25\tusers 0/2\talerts 0/5',
    ]);
  });

  it('adds users only on allowed domains, once, and within the limit', async () => {
    const [added] = await run('user:add W --email ada@acme.io --role admin --name Ada');
    expect(added).toBe(
      `workspace ${id}: added admin ada@acme.io (user ${await userId('ada@acme.io')})`,
    );
    await expect(run('user:add W --email x@evil.example --role admin')).rejects.toThrow(
      /--email x@evil.example: evil.example is not an allowed domain/,
    );
    await expect(run('user:add --workspace 999 --email x@acme.io --role admin')).rejects.toThrow(
      /--workspace 999: no such workspace/,
    );
    await expect(run('user:add W --email ADA@acme.io --role viewer')).rejects.toThrow(
      /already a user/,
    );
    await run('user:add W --email bo@acme.example --role viewer');
    await expect(run('user:add W --email cy@acme.example --role viewer')).rejects.toThrow(
      /limit of 2 users/,
    );
    expect(await userId('cy@acme.example')).toBeUndefined();
  });

  it('removes users', async () => {
    await run('limits:set W --max-users 10');
    await run('user:add W --email temp@acme.io --role manager');
    const userLine = new RegExp(`^workspace ${id}: removed manager temp@acme.io \\(user \\d+\\)$`);
    expect(await run('user:remove W --email temp@acme.io')).toEqual([
      expect.stringMatching(userLine),
    ]);
    await expect(run('user:remove W --email temp@acme.io')).rejects.toThrow(/no such user/);
  });

  it('sets limits and features, one line per change', async () => {
    expect(await run('limits:set W --max-mailboxes 30 --max-alerts 5')).toEqual([
      `workspace ${id}: max_mailboxes 25 → 30`,
    ]);
    expect(await run('limits:set W --max-alerts 5')).toEqual([`workspace ${id}: unchanged`]);
    expect(await run('feature:set W --feature teams --enabled false --read-only true')).toEqual([
      `workspace ${id}: feature teams enabled true → false`,
      `workspace ${id}: feature teams read_only false → true`,
    ]);
    const { features } = (await getWorkspace(db, id)) ?? {};
    expect(features?.teams).toEqual({ enabled: false, read_only: true });
  });

  it('sets and clears the dashboard', async () => {
    expect(await run(`dashboard:set W --platform superset --uuid ${UUID}`)).toEqual([
      `workspace ${id}: dashboard platform Native → Superset`,
      `workspace ${id}: dashboard dashboard_uuid none → ${UUID}`,
    ]);
    expect(await run(`dashboard:set W --platform looker --embedded-url ${LOOKER}`)).toEqual([
      `workspace ${id}: dashboard platform Superset → Looker Studio`,
      `workspace ${id}: dashboard dashboard_uuid ${UUID} → none`,
      `workspace ${id}: dashboard embedded_url none → ${LOOKER}`,
    ]);
    await run('dashboard:set W --platform none');
    const { dashboard } = (await getWorkspace(db, id)) ?? {};
    expect(dashboard).toMatchObject({ platform: null, embedded_url: null });
    expect(await run('dashboard:set W --platform native')).toEqual([
      `workspace ${id}: dashboard platform none → Native`,
    ]);
  });
});

describe('npm run cli', () => {
  it('opens the database from the environment, migrates, and exits 0 or 2', async () => {
    const location = await createTestDbLocation();
    // An empty DATABASE_URL counts as unset, so PGlite copies run on DATA_DIR.
    const env = {
      ...process.env,
      DATA_DIR: location.options.dataDir,
      DATABASE_URL: location.options.databaseUrl ?? '',
    };
    try {
      const created = await npmRunCli(
        words('workspace:create --name Spawned --domains sp.example --provider M'),
        env,
      );
      expect(created.code).toBe(0);
      expect(created.stderr).not.toMatch(/error/i);
      expect(created.stdout).toMatch(
        /^created workspace 1 "Spawned": domains sp.example; provider M;/m,
      );
      const bad = await npmRunCli(
        words('user:add --workspace 1 --email x@sp.example --role owner'),
        env,
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--role must be one of admin, manager, viewer/);
      const missing = await npmRunCli(
        words('user:add --workspace 7 --email x@sp.example --role admin'),
        env,
      );
      expect(missing).toMatchObject({ code: 2, stdout: '' });
      expect(missing.stderr).toMatch(/--workspace 7: no such workspace/);
    } finally {
      await location.dispose();
    }
  }, 60_000);
});

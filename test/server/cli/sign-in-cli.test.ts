import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import { getWorkspace } from '../../../server/repos/workspaces';
import { auditRows } from '../support/audit';
import { createTestWorkspace, type TestWorkspace } from '../support/app';
import { createTestDb } from '../support/test-db';

// workspace:set says whom a workspace takes the word of at sign-in, and workspace:list shows it.

const A = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
const B = '9188040d-6c67-4c5b-b112-36a304b66dad';

let db: Db;
let ws: TestWorkspace;
beforeAll(async () => {
  db = await createTestDb();
  ws = await createTestWorkspace(db, { domain: 'trust.example' });
});
afterAll(async () => {
  await db.close();
});

const cli = (line: string) =>
  executeArgv(
    { db, config: loadConfig({}), secrets: () => Promise.reject(new Error('no secrets')) },
    line.replace(' W', ` --workspace ${ws.workspaceId}`).split(' '),
  );

describe('workspace:set', () => {
  it.each([
    ['workspace:set W', 'give --microsoft-tenants and/or --google-workspace-domain'],
    [
      'workspace:set W --microsoft-tenants contoso.onmicrosoft.com',
      '--microsoft-tenants: "contoso.onmicrosoft.com" is not a tenant id (a GUID; or give none)',
    ],
    [
      `workspace:set W --microsoft-tenants ${B},x`,
      '--microsoft-tenants: "x" is not a tenant id (a GUID; or give none)',
    ],
    [
      'workspace:set W --google-workspace-domain yes',
      '--google-workspace-domain must be true or false, got "yes"',
    ],
    ['workspace:set --microsoft-tenants none', '--workspace is required'],
    ['workspace:set W --tenants none', "workspace:set: Unknown option '--tenants'"],
    [
      'workspace:set --workspace 999 --microsoft-tenants none',
      '--workspace 999: no such workspace',
    ],
    ['user:unbind W', '--email is required'],
  ])('refuses "%s", changing nothing', async (line, message) => {
    expect(await cli(line)).toEqual({ code: 2, stdout: [], stderr: [`error: ${message}`] });
    expect(await getWorkspace(db, ws.workspaceId)).toMatchObject({
      microsoft_tenants: [],
      google_workspace_domain: false,
    });
  });

  it('sets the tenants and the Google Workspace flag, says what changed, and is audited', async () => {
    const id = ws.workspaceId;
    expect(await cli(`workspace:set W --microsoft-tenants ${A},${B},${A.toLowerCase()}`)).toEqual({
      code: 0,
      stderr: [],
      stdout: [`workspace ${id}: microsoft_tenants none → ${A.toLowerCase()},${B}`],
    });
    expect((await cli('workspace:set W --google-workspace-domain true')).stdout).toEqual([
      `workspace ${id}: google_workspace_domain false → true`,
    ]);
    const listed = (await cli('workspace:list')).stdout.find((l) => l.startsWith(`${id}\t`));
    expect(listed).toContain(`\tmicrosoft tenants ${A.toLowerCase()},${B}\tgoogle workspace yes\t`);
    expect((await cli('workspace:set W --microsoft-tenants none')).stdout).toEqual([
      `workspace ${id}: microsoft_tenants ${A.toLowerCase()},${B} → none`,
    ]);
    const entries = (await auditRows(db, id)).filter((r) => r.operation === 'workspace:set');
    expect(entries.map((e) => e.after)).toEqual([
      { trust: { microsoft_tenants: [A.toLowerCase(), B] } },
      { trust: { google_workspace_domain: true } },
      { trust: { microsoft_tenants: [] } },
    ]);
  });
});

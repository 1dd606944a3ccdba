import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { auditRows } from '../support/audit';
import { setUpTestApp } from '../support/suite';

// Operator commands in the audit log: the `cli` actor with the OS user, the command as the
// operation, its flags as what it set; read-only and refused commands leave nothing.

const t = setUpTestApp('audit-cli');

const cli = (...argv: string[]) =>
  executeArgv(
    { db: t.db, config: loadConfig({}), secrets: () => Promise.reject(new Error('no secrets')) },
    argv,
  );

describe('operator commands in the audit log', () => {
  it('records a change with the OS user, and not a read or a refused command', async () => {
    const ws = await t.workspace();
    const id = String(ws.workspaceId);
    const email = `new.admin@${ws.domain}`;
    expect(
      (await cli('user:add', '--workspace', id, '--email', email, '--role', 'admin')).code,
    ).toBe(0);
    expect((await cli('workspace:list')).code).toBe(0);
    expect((await cli('user:add', '--workspace', id, '--email', 'x@elsewhere.example')).code).toBe(
      2,
    );
    const rows = await auditRows(t.db, ws.workspaceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_kind: 'cli',
      actor_user_id: null,
      actor_name: userInfo().username,
      client_address: null,
      operation: 'user:add',
      target_type: 'user',
      target_name: email,
      before: {},
      after: { user: { email, role: 'admin' } },
    });
  });

  it('records a rotated webhook secret without the secret it printed', async () => {
    const ws = await t.workspace();
    const outcome = await cli('alerts:secret', '--workspace', String(ws.workspaceId), '--rotate');
    expect(outcome.code).toBe(0);
    const printed = outcome.stdout.join('\n');
    const [entry] = await auditRows(t.db, ws.workspaceId);
    expect(entry).toMatchObject({ operation: 'alerts:secret', target_type: 'webhook_secret' });
    expect(entry?.after).toEqual({ rotate: true });
    const secret = /[A-Za-z0-9_-]{24,}/.exec(printed)?.[0] ?? 'missing';
    expect(JSON.stringify(entry)).not.toContain(secret);
  });
});

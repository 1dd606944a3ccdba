import { describe, expect, it } from 'vitest';
import { appendEntry } from '../../../server/audit/append';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { setUpTestApp } from '../support/suite';
import type { TestWorkspace } from '../support/app';

// audit:verify walks a workspace's hash chain: "ok N entries", or the first entry that does not
// match (exit 1) when a row was edited, removed or its link rewritten in SQL.

const t = setUpTestApp('audit-verify');

const verify = (workspaceId: number) =>
  executeArgv(
    { db: t.db, config: loadConfig({}), secrets: () => Promise.reject(new Error('no secrets')) },
    ['audit:verify', '--workspace', String(workspaceId)],
  );

/** A workspace with four entries: a mailbox added, two teams created, one renamed. */
async function withEntries(): Promise<TestWorkspace> {
  const ws = await t.workspace();
  const admin = t.admin(ws);
  const members = [`sales@${ws.domain}`];
  await admin.post('/portal/api/settings/mailboxes/', { emails: members, data_from: '2026-01-01' });
  const ids: number[] = [];
  for (const name of ['Support', 'Sales']) {
    const reply = await admin.post('/portal/api/settings/teams/', { name, members });
    expect(reply.statusCode, reply.body).toBe(201);
    ids.push(reply.json<{ id: number }>().id);
  }
  await admin.patch('/portal/api/settings/teams/', { id: ids[1], name: 'Sales EMEA', members });
  return ws;
}

describe('audit:verify', () => {
  it('says ok with the number of entries for an untouched chain, and for an empty one', async () => {
    const ws = await withEntries();
    expect(await verify(ws.workspaceId)).toEqual({ stdout: ['ok 4 entries'], stderr: [], code: 0 });
    const empty = await t.workspace();
    expect((await verify(empty.workspaceId)).stdout).toEqual(['ok 0 entries']);
  });

  it('names the entry whose row was edited in SQL, and exits 1', async () => {
    const ws = await withEntries();
    await t.db.query(
      `update audit_entries set after = '{"name": "Sales APAC"}' where workspace_id = $1 and seq = 4`,
      [ws.workspaceId],
    );
    const outcome = await verify(ws.workspaceId);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toEqual([
      expect.stringMatching(
        new RegExp(
          `^entry 4 \\(\\S+Z updateTeam by ${ws.admin.email}\\) does not match: its content does not match its hash$`,
        ),
      ),
    ]);
  });

  it('names the entry after a removed one, and an entry rehashed to hide an edit', async () => {
    const removed = await withEntries();
    await t.db.query(`delete from audit_entries where workspace_id = $1 and seq = 2`, [
      removed.workspaceId,
    ]);
    expect((await verify(removed.workspaceId)).stdout).toEqual([
      expect.stringContaining('entry 2 (') as string,
    ]);
    expect((await verify(removed.workspaceId)).stdout[0]).toMatch(
      /entry 2 is missing \(the next is 3\)$/,
    );

    // An editor who recomputes the edited entry's own hash still breaks the next entry's link.
    const rehashed = await withEntries();
    await t.db.query(
      `update audit_entries set hash = repeat('a', 64) where workspace_id = $1 and seq = 2`,
      [rehashed.workspaceId],
    );
    expect((await verify(rehashed.workspaceId)).stdout[0]).toMatch(/^entry 2 .*does not match/);
  });

  it('notices entries removed from the end, which the head still counts', async () => {
    const ws = await withEntries();
    await t.db.query(`delete from audit_entries where workspace_id = $1 and seq >= 3`, [
      ws.workspaceId,
    ]);
    const outcome = await verify(ws.workspaceId);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout[0]).toMatch(
      /^entry 3 does not match: the chain ends at entry 2, its head is 4$/,
    );
  });

  it('keeps one chain when many writes of one workspace run at once', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const members = [`sales@${ws.domain}`];
    await admin.post('/portal/api/settings/mailboxes/', {
      emails: members,
      data_from: '2026-01-01',
    });
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        admin.post('/portal/api/settings/teams/', { name: `Team ${i}`, members }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 201));
    expect(await verify(ws.workspaceId)).toMatchObject({ stdout: ['ok 13 entries'], code: 0 });
  });

  it('agrees with the hashes the append statement computed, whatever the text', async () => {
    // The first appends of a workspace race to create its chain head; the texts are ones JSON
    // and UTF-8 treat specially, which the SQL hash must encode as verification does.
    const ws = await t.workspace();
    const names = [
      'é ✓ 𝄞',
      '"quoted" \\ back\nline',
      '\u2028\u2029',
      '\u0007\u001f',
      'x'.repeat(600),
    ];
    await Promise.all(
      names.map((name) =>
        t.db.transaction((tx) =>
          appendEntry(tx, {
            workspaceId: ws.workspaceId,
            actor: { kind: 'user', userId: null, name },
            client: { address: '2001:db8::1', userAgent: name },
            operation: 'test',
            target: { type: 'test', id: name, name },
            before: { [name]: name },
            after: { nested: { z: [name, 1.5, null, true], a: -0.25 } },
          }),
        ),
      ),
    );
    expect(await verify(ws.workspaceId)).toMatchObject({ stdout: ['ok 5 entries'], code: 0 });
  });

  it('refuses an unknown workspace with exit 2', async () => {
    expect(await verify(999_999)).toEqual({
      stdout: [],
      stderr: ['error: --workspace 999999: no such workspace'],
      code: 2,
    });
  });
});

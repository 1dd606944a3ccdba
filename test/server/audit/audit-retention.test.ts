import { describe, expect, it } from 'vitest';
import { appendEntry } from '../../../server/audit/append';
import { pruneAuditLog } from '../../../server/audit/retention';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { ConfigError } from '../../../server/config-values';
import { auditRows } from '../support/audit';
import { setUpTestApp } from '../support/suite';

// Retention removes entries past AUDIT_RETENTION_DAYS from the oldest end only, records the
// removal, and leaves a chain that audit:verify still passes.

const t = setUpTestApp('audit-retention');
const DAY = 86_400_000;
const NOW = new Date('2026-11-26T06:00:00Z');

const entry = (workspaceId: number, name: string) => ({
  workspaceId,
  actor: { kind: 'system' as const, userId: null, name: 'test' },
  client: { address: null, userAgent: null },
  operation: 'test',
  target: { type: 'test', id: null, name },
  before: {},
  after: { name },
});

describe('audit retention', () => {
  it('removes the oldest entries only, moves the anchor, and verify still passes', async () => {
    const ws = await t.workspace();
    const ages = [900, 800, 10, 750, 1]; // an old entry after a newer one stays
    await t.db.transaction(async (tx) => {
      for (const [i, age] of ages.entries())
        await appendEntry(
          tx,
          entry(ws.workspaceId, `e${i + 1}`),
          new Date(NOW.getTime() - age * DAY),
        );
    });
    expect(await pruneAuditLog(t.db, 730, NOW)).toBe(2);
    const rows = await auditRows(t.db, ws.workspaceId);
    expect(rows.map((row) => [Number(row.seq), row.target_name ?? row.operation])).toEqual([
      [3, 'e3'],
      [4, 'e4'],
      [5, 'e5'],
      [6, 'Audit log'],
    ]);
    expect(rows.at(-1)).toMatchObject({
      actor_kind: 'system',
      operation: 'auditRetention',
      after: { removed: 2, through_entry: 2, retention_days: 730 },
    });
    const verified = await executeArgv(
      { db: t.db, config: loadConfig({}), secrets: () => Promise.reject(new Error('none')) },
      ['audit:verify', '--workspace', String(ws.workspaceId)],
    );
    expect(verified.stdout).toEqual(['ok 4 entries']);
    expect(await pruneAuditLog(t.db, 730, NOW)).toBe(0);
  });

  it('keeps 730 days by default and refuses a value that is not a whole number of days', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(730);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

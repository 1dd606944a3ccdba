import { describe, expect, it } from 'vitest';
import type { SyncBatch, SyncCursor } from '../../../../server/mail/connector';
import { createDemoConnector } from '../../../../server/mail/demo/connector';
import { dayStart, generateDemoMail } from '../../../../server/mail/demo/generator';
import { insertDemoMail } from '../../../../server/mail/demo/insert';
import { commitBatch } from '../../../../server/mail/store';
import { setUpTestApp } from '../../support/suite';

const suite = setUpTestApp('democ');

// Wednesday 2026-09-09 10:30 in Madrid.
const NOW = Date.parse('2026-09-09T08:30:00Z');
const DOMAIN = 'acme.example';

function connector(now: number, directory?: string[]) {
  return createDemoConnector({
    seed: 3,
    now: () => new Date(now),
    workspaceDomains: [DOMAIN],
    timezone: 'Europe/Madrid',
    batchSize: 40,
    ...(directory ? { directory } : {}),
  });
}

async function run(now: number, cursor: SyncCursor | null, email = `sales@${DOMAIN}`) {
  const batches: SyncBatch[] = [];
  const target = { email, dataFrom: '2026-09-02' };
  for await (const batch of connector(now).sync(target, cursor, new AbortController().signal)) {
    batches.push(batch);
  }
  return batches;
}

describe('demo connector', () => {
  it('accepts the workspace’s addresses and refuses others in a sentence', async () => {
    const open = connector(NOW);
    expect(await open.probe(`anyone@${DOMAIN}`)).toMatchObject({ ok: true });
    expect(await open.probe('x@other.example')).toEqual({
      ok: false,
      reason: "The domain other.example is not one of your company's domains",
    });
    const staff = connector(NOW, [`sales@${DOMAIN}`]);
    expect(await staff.probe(`SALES@${DOMAIN}`)).toMatchObject({ ok: true });
    expect(await staff.probe(`nobody@${DOMAIN}`)).toEqual({
      ok: false,
      reason: "We couldn't find this mailbox in your Google Workspace",
    });
  });

  it('syncs the generator’s mail from data_from to now in batches with a moving cursor', async () => {
    const batches = await run(NOW, null);
    const expected = [
      ...generateDemoMail(
        { seed: 3, workspaceDomains: [DOMAIN], timezone: 'Europe/Madrid' },
        [`sales@${DOMAIN}`],
        { from: dayStart('2026-09-02'), to: NOW },
      ),
    ];
    const got = batches.flatMap((batch) => batch.messages);
    expect(got.map((m) => m.providerId)).toEqual(expected.map((m) => m.providerId));
    expect(batches.length).toBeGreaterThan(3);
    const untils = batches.map((batch) => batch.cursor.until as number);
    expect(untils).toEqual([...untils].sort((a, b) => a - b));
    expect(untils.at(-1)).toBe(NOW);
    expect(batches.map((batch) => batch.historyLoaded)).toEqual(
      batches.map((_, i) => i === batches.length - 1),
    );
    expect(batches.at(-1)?.progress).toEqual({ done: expected.length, total: expected.length });
    for (const [i, batch] of batches.entries()) {
      const next = untils[i]!;
      expect(batch.messages.every((m) => m.sentAt.getTime() < next)).toBe(true);
    }
  });

  it('counts a history load resumed part-way over the whole history', async () => {
    const whole = await run(NOW, null);
    const middle = whole[1]!;
    const resumed = await run(NOW, middle.cursor);
    expect(resumed[0]?.progress).toEqual({
      done: middle.progress.done + resumed[0]!.messages.length,
      total: whole.at(-1)!.progress.total,
    });
    expect(resumed.flatMap((b) => b.messages).map((m) => m.providerId)).toEqual(
      whole
        .slice(2)
        .flatMap((b) => b.messages)
        .map((m) => m.providerId),
    );
  });

  it('brings only the mail sent since the last run, and an empty batch when there is none', async () => {
    const first = await run(NOW, null);
    const cursor = first.at(-1)!.cursor;
    const later = await run(NOW + 3_600_000, cursor);
    const fresh = later.flatMap((batch) => batch.messages);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((m) => m.sentAt.getTime() >= NOW)).toBe(true);
    const again = await run(NOW + 3_600_000, later.at(-1)!.cursor);
    expect(again).toEqual([
      {
        messages: [],
        cursor: { until: NOW + 3_600_000, history: true },
        historyLoaded: true,
        progress: { done: 0, total: 0 },
      },
    ]);
  });

  it('stores through commitBatch the same rows the bulk insert writes', async () => {
    const ws = await suite.workspace({ domain: DOMAIN.replace('acme', 'democ-a') });
    const email = `sales@${ws.domain}`;
    const ids = await suite.db.query<{ mailbox_id: number; email: string }>(
      `insert into mailboxes (workspace_id, email) values ($1, $2), ($1, $3)
       returning mailbox_id, email`,
      [ws.workspaceId, email, `copy@${ws.domain}`],
    );
    const [synced, bulk] = ids.map((row) => row.mailbox_id) as [number, number];
    await suite.db.query(
      `insert into mailbox_sync (workspace_id, mailbox_id, lease_owner, lease_expires_at)
       values ($1, $2, 'w', now() + interval '1 minute')`,
      [ws.workspaceId, synced],
    );
    const batches = await run(NOW, null, email);
    const target = { workspaceId: ws.workspaceId, mailboxId: synced, email, leaseOwner: 'w' };
    for (const batch of batches) {
      await suite.db.transaction((tx) => commitBatch(tx, target, batch));
    }
    const options = { seed: 3, workspaceDomains: [DOMAIN], timezone: 'Europe/Madrid' };
    const range = { from: dayStart('2026-09-02'), to: NOW };
    const inserted = await suite.db.transaction((tx) =>
      insertDemoMail(
        tx,
        ws.workspaceId,
        [{ mailboxId: bulk, email }],
        generateDemoMail(options, [email], range),
        25,
      ),
    );
    const rows = (mailboxId: number) =>
      suite.db.query(
        `select provider_id, thread_key, direction, sent_at, folder, from_address, from_name,
                to_addresses, cc_addresses, subject, message_id_header, in_reply_to,
                references_ids, auto_submitted, precedence, list_id
           from messages where workspace_id = $1 and mailbox_id = $2 order by provider_id`,
        [ws.workspaceId, mailboxId],
      );
    const stored = await rows(synced);
    expect(inserted).toBe(stored.length);
    expect(await rows(bulk)).toEqual(stored);
    const [sync] = await suite.db.query<{ history_loaded: boolean; cursor: unknown }>(
      `select history_loaded, cursor from mailbox_sync where workspace_id = $1 and mailbox_id = $2`,
      [ws.workspaceId, synced],
    );
    expect(sync).toEqual({ history_loaded: true, cursor: { until: NOW, history: true } });
  });
});

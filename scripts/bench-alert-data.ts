/**
 * The alert engine bench's alerts: 1,000 recreated on every run over the senders the demo
 * generator gives the shared bench workspace (scripts/bench-workspace.ts), and removed after it,
 * so the kept database stays as built.
 */
import type { Db, Queryable } from '../server/db/types';
import { Rng, buildWorld } from '../server/mail/demo/world';
import { BENCH_DOMAIN, BENCH_SEED, type BenchWorkspace } from './bench-workspace';

const GAPS = [30, 60, 60, 120, 120, 120, 240, 240, 480, 1440, 2880, 10_080];

interface AlertRow {
  name: string;
  gap: number;
  mailboxes: number[];
  addresses: string[];
  domains: string[];
  webhook: string | null;
  since: string;
}

/** 1,000 alerts as teams write them: a few key people or companies, on one desk, a few or all. */
function alertRows(mailboxIds: readonly number[], count: number, at: number): AlertRow[] {
  const rng = new Rng(BENCH_SEED);
  const { companies } = buildWorld(BENCH_SEED, BENCH_DOMAIN);
  const people = companies.flatMap((company) => company.people.map((p) => p.address));
  const pickSome = <T>(items: readonly T[], n: number) =>
    [...new Set(Array.from({ length: n }, () => rng.pick(items)))] as T[];
  return Array.from({ length: count }, (_, i) => {
    const spread = rng.next();
    const boxes = spread < 0.6 ? 1 : spread < 0.9 ? rng.int(2, 5) : mailboxIds.length;
    const domains = pickSome(companies, rng.int(0, 3)).map((company) =>
      rng.next() < 0.15 ? `*.${company.domain}` : company.domain,
    );
    const addresses = pickSome(people, rng.int(domains.length === 0 ? 1 : 0, 4));
    return {
      name: `Bench alert ${i + 1}`,
      gap: rng.pick(GAPS),
      mailboxes: boxes === mailboxIds.length ? [...mailboxIds] : pickSome(mailboxIds, boxes),
      addresses,
      domains,
      webhook: rng.next() < 0.2 ? 'https://hooks.example/bench' : null,
      // Created or last resumed in the 90 days before `at`.
      since: new Date(at - rng.int(0, 90 * 24) * 3_600_000).toISOString(),
    };
  });
}

async function deleteAlerts(tx: Queryable, workspaceId: number): Promise<void> {
  await tx.query(`delete from outbound_requests where workspace_id = $1 and alert_id is not null`, [
    workspaceId,
  ]);
  await tx.query(`delete from alerts where workspace_id = $1`, [workspaceId]);
}

/** Removes the workspace's alerts, their notified marks and their outbox rows. */
export async function removeAlerts(db: Db, workspaceId: number): Promise<void> {
  await db.transaction((tx) => deleteAlerts(tx, workspaceId));
}

/** Replaces the workspace's alerts with `count` fresh ones, watching since up to 90 days before `at`. */
export async function recreateAlerts(
  db: Db,
  ws: BenchWorkspace,
  count: number,
  at: number,
): Promise<void> {
  const rows = alertRows(ws.mailboxIds, count, at);
  await db.transaction(async (tx) => {
    await deleteAlerts(tx, ws.workspaceId);
    await tx.query(
      `with r as (
         select * from jsonb_to_recordset($2::jsonb) as r(name text, gap int, mailboxes int[],
           addresses text[], domains text[], webhook text, since timestamptz)
       ), a as (
         insert into alerts (workspace_id, name, minutes_gap, addresses, domains, notify_emails,
                             notify_webhook, created_by_email, watching_since)
         select $1, name, gap, addresses, domains, array['lead@${BENCH_DOMAIN}'], webhook,
                'admin@${BENCH_DOMAIN}', since from r
         returning alert_id, name)
       insert into alert_mailboxes (workspace_id, alert_id, mailbox_id)
       select $1, a.alert_id, unnest(r.mailboxes) from a join r using (name)`,
      [ws.workspaceId, JSON.stringify(rows)],
    );
  });
}

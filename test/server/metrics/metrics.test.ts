import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import { createMetrics, type Metrics } from '../../../server/metrics/metrics';
import { client, createTestWorkspace, type TestWorkspace } from '../support/app';
import { start, stop, environment, type Running } from '../support/server-process';
import { createTestDb, createTestDbLocation, type TestDbLocation } from '../support/test-db';

const NOW = new Date('2026-03-02T09:00:00Z');

describe('/metrics figures', () => {
  let db: Db;
  let app: FastifyInstance;
  let metrics: Metrics;
  let ws: TestWorkspace;
  beforeAll(async () => {
    db = await createTestDb();
    metrics = createMetrics(db, () => NOW);
    const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '.tmp/no-client' });
    app = await buildApp({ config, db, logger: false, backgroundWork: false, metrics });
    ws = await createTestWorkspace(db, { domain: 'metrics.example' });
  });
  afterAll(() => app.close());

  it('times requests by route pattern and status, never by the URL', async () => {
    await client(app, ws.admin.token).get('/portal/api/me/');
    await app.inject({ method: 'GET', url: '/portal/reports/unsubscribe/secret-token-123' });
    const text = await metrics.scrape();
    expect(text).toContain(
      'mailpulse_http_request_duration_seconds_count{method="GET",route="/portal/api/me/",status="200"} 1',
    );
    expect(text).not.toContain('secret-token-123');
  });

  it("has the process's event-loop lag", async () => {
    expect(await metrics.scrape()).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts sync runs and failures per mailbox', async () => {
    metrics.countSync(ws.workspaceId, 'viewer@metrics.example', true);
    metrics.countSync(ws.workspaceId, 'viewer@metrics.example', false);
    const text = await metrics.scrape();
    const labels = `{workspace_id="${ws.workspaceId}",mailbox="viewer@metrics.example"}`;
    expect(text).toContain(`mailpulse_sync_runs_total${labels} 2`);
    expect(text).toContain(`mailpulse_sync_failures_total${labels} 1`);
  });

  it('reads the outbox, the report queue, the last sync and the alert lag at scrape time', async () => {
    await db.query(
      `insert into outbound_requests (workspace_id, kind, email, client, role, content, created_at)
       values ($1, 'feedback', 'a@metrics.example', 'c', 'admin', 'x', $2)`,
      [ws.workspaceId, new Date(NOW.getTime() - 120_000).toISOString()],
    );
    await db.query(
      `insert into mailbox_sync (workspace_id, mailbox_id, last_synced_at)
       select workspace_id, mailbox_id, '2026-03-02T08:00:00Z' from mailboxes
        where workspace_id = $1
       on conflict (workspace_id, mailbox_id) do update set last_synced_at = excluded.last_synced_at`,
      [ws.workspaceId],
    );
    const text = await metrics.scrape();
    expect(text).toContain('mailpulse_outbox_depth{kind="feedback",state="pending"} 1');
    expect(text).toContain('mailpulse_outbox_oldest_age_seconds{kind="feedback"} 120');
    expect(text).toContain('mailpulse_report_queue 0');
    expect(text).toContain(
      `mailpulse_mailbox_last_sync_timestamp_seconds{workspace_id="${ws.workspaceId}",mailbox="viewer@metrics.example"} ${Date.parse('2026-03-02T08:00:00Z') / 1000}`,
    );
    expect(text).toContain('mailpulse_alert_evaluation_lag_seconds 0');
  });

  it('tells the pool use on PostgreSQL only', async () => {
    const text = await metrics.scrape();
    if (db.kind === 'postgres')
      expect(text).toMatch(/^mailpulse_db_pool_connections\{state="total"\} [1-9]/m);
    else expect(text).not.toMatch(/^mailpulse_db_pool_connections\{/m);
  });
});

describe('METRICS_PORT on the server process', () => {
  let location: TestDbLocation;
  let server: Running;
  beforeAll(async () => {
    location = await createTestDbLocation();
    server = await start(environment(location, { METRICS_PORT: '0', SEED_DEMO: 'false' }));
  });
  afterAll(async () => {
    await stop(server, 'SIGTERM');
    await location.dispose();
  });

  it('serves the metrics on their own port, and not on the public one', async () => {
    const line = await server.lineMatching(/^Mailpulse metrics on /);
    const url = line.slice('Mailpulse metrics on '.length);
    expect(new URL(url).port).not.toBe(new URL(server.url).port);
    await fetch(`${server.url}/healthz`);
    const reply = await fetch(url);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/plain');
    expect(await reply.text()).toContain(
      'mailpulse_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1',
    );
    const publicPort = await fetch(`${server.url}/metrics`);
    expect(publicPort.status).not.toBe(200);
    expect(await publicPort.text()).not.toContain('mailpulse_');
  });

  it('is ready once its workers turn (WORKERS on by default)', async () => {
    await server.lineMatching(/^Mailpulse metrics on /);
    const reply = await fetch(`${server.url}/readyz`);
    expect({ status: reply.status, body: (await reply.json()) as unknown }).toEqual({
      status: 200,
      body: { status: 'ready' },
    });
  });
});

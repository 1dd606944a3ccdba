import { hostname } from 'node:os';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { openConnector } from '../mail/connectors';
import { checkSecretsKey, loadSecretBox, resealLegacySecrets, type Secrets } from '../mail/secrets';
import { syncDueMailboxes, type SyncLog, type SyncWorkerDeps } from '../mail/sync-worker';
import { evaluateAlerts } from '../alerts/evaluate';
import { queueDueReports } from '../reports/queue';
import { checkStaleMailboxes } from '../sync-alerts/check';
import { notifyQueued } from '../outbound/forwarder';
import { runDueRebuilds } from '../stats/rebuild';
import { pruneAuditLog } from '../audit/retention';
import { refreshThreadFacts } from '../stats/thread-facts';
import type { Metrics } from '../metrics/metrics';
import { startRunner, type Runner, type RunnerLog, type WorkerTask } from './runner';

// The workers a Mailpulse process runs: inside the server by default, or alone (npm run worker).
// Mail sync keeps each touched thread's statistics current in the batch's own transaction; the
// daily rebuild recomputes every workspace at 00:01 in its company timezone.

/** How often a worker looks for due mailboxes; each mailbox's own schedule is SYNC_INTERVAL_S. */
const SYNC_POLL_MS = 5_000;
/**
 * How often a worker looks for due alerts (cheap when none is). An alert is due when its first
 * waiting message becomes overdue, and at the latest ALERT_INTERVAL_S after its last evaluation,
 * for new mail; so an overdue email is told within this poll, not within the interval.
 */
export const ALERT_POLL_MS = 5_000;
/**
 * How often a worker looks for due reports: a report is due at 08:00, so a whole workspace's are
 * in the outbox within a minute of it.
 */
const REPORT_POLL_MS = 15_000;
/** How often a worker looks for mailboxes that stopped syncing (or synced again). */
const STALE_SYNC_POLL_MS = 60_000;
/** How often a worker removes audit entries past AUDIT_RETENTION_DAYS. */
const AUDIT_RETENTION_POLL_MS = 3_600_000;
/** How often a worker looks for a workspace whose daily rebuild is due. */
const REBUILD_POLL_MS = 60_000;

/**
 * Reads the credentials key and checks it against the stored secrets (throws naming SECRETS_KEY),
 * then reseals any credential of the older format (server, worker and CLI run it after migrate).
 */
export async function openSecrets(db: Db, config: Config): Promise<Secrets> {
  const box = await loadSecretBox({
    secretsKey: config.mailSync.secretsKey,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await checkSecretsKey(db, box);
  await resealLegacySecrets(db, box);
  return box;
}

export function syncWorkerDeps(
  db: Db,
  config: Config,
  secrets: Secrets,
  extra: Partial<SyncWorkerDeps> = {},
): SyncWorkerDeps {
  return {
    db,
    owner: `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
    now: () => new Date(),
    connectorFor: (workspaceId) =>
      openConnector(db, workspaceId, { secrets, apis: config.mailApis }),
    intervalS: config.mailSync.syncIntervalS,
    onThreadsChanged: (tx, workspaceId, mailboxId, threads) =>
      refreshThreadFacts(tx, workspaceId, mailboxId, [...threads]),
    ...extra,
  };
}

/** The alert engine's task; a run that wrote notifications wakes this process's forwarder. */
export function alertEvaluationTask(
  db: Db,
  owner: string,
  intervalSeconds: number,
  now: () => Date = () => new Date(),
): WorkerTask {
  return {
    name: 'alert-evaluation',
    intervalMs: Math.min(ALERT_POLL_MS, intervalSeconds * 1000),
    run: async () => {
      const result = await evaluateAlerts(db, owner, now(), { intervalSeconds });
      if (result.outboxRows > 0) notifyQueued(db);
    },
  };
}

/** The report scheduler's task; a run that queued reports wakes this process's forwarder. */
export function reportScheduleTask(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  owner: string,
  log: RunnerLog,
  now: () => Date = () => new Date(),
): WorkerTask {
  return {
    name: 'report-schedule',
    intervalMs: REPORT_POLL_MS,
    run: async (signal) => {
      const result = await queueDueReports(db, {
        owner,
        now: now(),
        publicUrl: config.publicUrl,
        signal,
        log,
      });
      if (result.queued > 0) notifyQueued(db);
    },
  };
}

/** The stale-sync check's task; a run that queued emails wakes this process's forwarder. */
function staleSyncTask(
  db: Db,
  thresholdMinutes: number,
  now: () => Date = () => new Date(),
): WorkerTask {
  return {
    name: 'stale-sync-check',
    intervalMs: STALE_SYNC_POLL_MS,
    run: async () => {
      const result = await checkStaleMailboxes(db, now(), thresholdMinutes);
      if (result.emails > 0) notifyQueued(db);
    },
  };
}

export function startWorkers(
  db: Db,
  config: Config,
  secrets: Secrets,
  log: RunnerLog & SyncLog,
  metrics?: Pick<Metrics, 'countSync'>,
): Runner {
  const deps = syncWorkerDeps(db, config, secrets, { log });
  const tasks: WorkerTask[] = [
    {
      name: 'mail-sync',
      intervalMs: Math.min(SYNC_POLL_MS, config.mailSync.syncIntervalS * 1000),
      run: async (signal) => {
        for (const outcome of await syncDueMailboxes(deps, signal)) {
          metrics?.countSync(outcome.workspaceId, outcome.email, outcome.ok);
          if (!outcome.ok) log.error({ mailbox: outcome.email }, `mail sync: ${outcome.error}`);
        }
      },
    },
    alertEvaluationTask(db, deps.owner, config.alerts.intervalSeconds),
    reportScheduleTask(db, config, deps.owner, log),
    staleSyncTask(db, config.mailSync.staleAlertMinutes),
    {
      name: 'stats-rebuild',
      intervalMs: REBUILD_POLL_MS,
      run: async () => {
        await runDueRebuilds(db, deps.owner, new Date());
      },
    },
    {
      name: 'audit-retention',
      intervalMs: AUDIT_RETENTION_POLL_MS,
      run: async () => {
        await pruneAuditLog(db, config.auditRetentionDays, new Date());
      },
    },
  ];
  return startRunner(tasks, { log });
}

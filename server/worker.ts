// npm run worker: only the background workers (mail sync …), no web server. Several of these and
// several web processes (WORKERS=false) can share one PostgreSQL; leases keep each mailbox with
// one process at a time.
import './production-mode';
import './heap-tuning';
import { loadConfig } from './config';
import { ConfigError } from './config-values';
import { MigrationError, migrationsFolder } from './db/migrate';
import { migrateSafely } from './backup/pre-migration';
import { openDatabase } from './db/open';
import { SecretsKeyError } from './mail/secrets';
import { openSecrets, startWorkers } from './workers/start';
import { stopOnSignals } from './signals';
import { json, startSideListener, type SideListener } from './health/side-listener';
import { health, readiness } from './health/answers';
import { checkReadiness } from './health/readiness';
import { createMetrics } from './metrics/metrics';
import { serveMetrics } from './metrics/listener';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Mailpulse worker cannot start. ${error.message}`);
    process.exit(1);
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateSafely(db, config, { folder: migrationsFolder() });
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    console.error(`Mailpulse worker cannot start. ${error.message}`);
    await db.close();
    process.exit(1);
  }
  let secrets;
  try {
    secrets = await openSecrets(db, config);
  } catch (error) {
    if (!(error instanceof SecretsKeyError)) throw error;
    console.error(`Mailpulse worker cannot start. ${error.message}`);
    await db.close();
    process.exit(1);
  }
  const log = {
    error: (detail: object, message: string) => console.error(message, JSON.stringify(detail)),
    warn: (detail: object, message: string) => console.warn(message, JSON.stringify(detail)),
  };
  const metrics = config.metricsPort === undefined ? undefined : createMetrics(db);
  const workers = startWorkers(db, config, secrets, log, metrics);
  const metricsListener = await serveMetrics(config, metrics, 'Mailpulse worker');
  let probes: SideListener | undefined;
  if (config.workerPort !== undefined) {
    const ready = () => checkReadiness({ db, workers: () => workers.beats() });
    probes = await startSideListener(config.host, config.workerPort, {
      '/healthz': async () => json(await health(db)),
      '/readyz': async () => json(await readiness(ready)),
    });
    console.log(`Mailpulse worker health on ${probes.url}`);
  }
  console.log('Mailpulse worker running');
  stopOnSignals('Mailpulse worker', async () => {
    await probes?.close();
    await metricsListener?.close();
    await workers.stop();
    await db.close();
  });
}

await main();

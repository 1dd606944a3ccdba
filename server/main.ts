import { givenNodeEnv } from './production-mode';
import './heap-tuning';
import { addressUrl, loadConfig, type Config } from './config';
import { ConfigError } from './config-values';
import { openDatabase } from './db/open';
import { MigrationError, migrationsFolder } from './db/migrate';
import { migrateSafely } from './backup/pre-migration';
import { isDatabaseEmpty, seedDemoWorkspace } from './seed/demo';
import { rebuildWorkspaceStats } from './stats/rebuild';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:net';
import { buildApp } from './app';
import { createDemoSignInLinks } from './auth/demo-login';
import { chooseLogFormat } from './logging/one-line';
import { DataDirLockedError } from './db/data-dir-lock';
import type { Db } from './db/types';
import { listenForCli } from './cli/hand-off';

async function open(config: Config): Promise<Db> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `Mailpulse cannot start. ${error.message} Stop it first, or set another DATA_DIR.`,
      );
      process.exit(1);
    }
    throw error;
  }
}
import { SecretsKeyError } from './mail/secrets';
import type { Runner } from './workers/runner';
import { openSecrets, startWorkers } from './workers/start';
import { stopOnSignals } from './signals';
import { createMetrics } from './metrics/metrics';
import { serveMetrics } from './metrics/listener';
import type { SideListener } from './health/side-listener';

function readConfig(): Config {
  try {
    // `npm start` asks for the demo (--demo); the rules in demo-config.ts say whether it is on.
    return loadConfig(
      { ...process.env, NODE_ENV: givenNodeEnv },
      { demoAsked: process.argv.slice(2).includes('--demo') },
    );
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Mailpulse cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  console.log(config.demoStatus);
  const db = await open(config);

  // Handlers first: a signal that arrives while starting must still close the database cleanly,
  // or PGlite's folder is left half-written.
  const running: {
    app?: FastifyInstance;
    cli?: Server;
    workers?: Runner;
    metrics?: SideListener;
  } = {};
  stopOnSignals('Mailpulse', async () => {
    running.cli?.close();
    await running.metrics?.close();
    await running.workers?.stop();
    await (running.app ? running.app.close() : db.close());
  });

  // On the embedded database a backup comes first; a failing migration changes nothing.
  const migrated = await migrateSafely(db, config, { folder: migrationsFolder() }).catch(
    async (error: unknown) => {
      if (!(error instanceof MigrationError)) throw error;
      console.error(`Mailpulse cannot start. ${error.message}`);
      await db.close();
      process.exit(1);
    },
  );
  for (const line of migrated.backup) console.log(line);
  if (config.seedDemo) {
    const seeded = await db.transaction(async (tx) =>
      (await isDatabaseEmpty(tx)) ? seedDemoWorkspace(tx) : null,
    );
    // The demo's statistics at once, so the first page shows figures, not tomorrow's rebuild.
    if (seeded !== null) await rebuildWorkspaceStats(db, seeded, { whole: true });
  }
  // A wrong SECRETS_KEY stops the start here, not later as unreadable credentials.
  const secrets = await openSecrets(db, config).catch(async (error: unknown) => {
    if (!(error instanceof SecretsKeyError)) throw error;
    console.error(`Mailpulse cannot start. ${error.message}`);
    await db.close();
    process.exit(1);
  });
  // The CLI on this data folder hands its commands to us (one process per PGlite folder).
  // A socket path is limited to about 100 bytes: a deep DATA_DIR serves without the hand-off.
  if (!config.databaseUrl) {
    running.cli = await listenForCli(
      { db, config, secrets: async () => secrets },
      config.dataDir,
    ).catch((error: unknown) => {
      console.error(`The CLI cannot reach this server: ${String(error)}`);
      return undefined;
    });
  }
  const logFormat = chooseLogFormat(process.env.LOG_FORMAT, process.stdout.isTTY === true);
  // With WORKERS on, /readyz also asks the workers' loops (not ready until they have started).
  const readiness = config.mailSync.workers ? { workers: () => running.workers?.beats() } : {};
  const metrics = config.metricsPort === undefined ? undefined : createMetrics(db);
  const app = await buildApp({ config, db, logFormat, readiness, metrics });
  running.app = app;
  // The address is printed once, last, below. Fastify logs its own line per bound address at
  // info and has no switch for it: the bind runs with the logger at warn, nothing else logs
  // meanwhile (no request can arrive before the bind, the workers start after it).
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listening = addressUrl(config.host, port);
  // PORT=0 without a PUBLIC_URL (tests): only now is the public address known. The app reads
  // the same config object, so sign-in redirects and demo links use it too.
  if (config.publicUrl === addressUrl(config.host, 0)) config.publicUrl = listening;
  console.log(`Mailpulse listening on ${listening}`);
  if (config.demoSignIn) {
    for (const line of await createDemoSignInLinks(db, config.publicUrl)) console.log(line);
  }
  // WORKERS=false: this process only serves; `npm run worker` processes do the background work.
  if (config.mailSync.workers) {
    running.workers = startWorkers(db, config, secrets, app.log, metrics);
  }
  running.metrics = await serveMetrics(config, metrics, 'Mailpulse');
}

await main();

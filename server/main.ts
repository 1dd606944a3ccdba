import { loadConfig, ConfigError, type Config } from './config';
import { openDatabase } from './db/open';
import { migrate } from './db/migrate';
import { isDatabaseEmpty, seedDemoWorkspace } from './seed/demo';
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

function readConfig(): Config {
  try {
    return loadConfig();
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
  const db = await open(config);

  // Handlers first: a signal that arrives while starting must still close the database cleanly,
  // or PGlite's folder is left half-written.
  const running: { app?: FastifyInstance; cli?: Server } = {};
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`Mailpulse stopping (${signal})`);
    running.cli?.close();
    (running.app ? running.app.close() : db.close()).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Mailpulse could not stop cleanly', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await migrate(db);
  if (config.seedDemo) {
    await db.transaction(async (tx) => {
      if (await isDatabaseEmpty(tx)) await seedDemoWorkspace(tx);
    });
  }
  // The CLI on this data folder hands its commands to us (one process per PGlite folder).
  if (!config.databaseUrl) running.cli = await listenForCli(db, config.dataDir);
  const logFormat = chooseLogFormat(process.env.LOG_FORMAT, process.stdout.isTTY === true);
  const app = await buildApp({ config, db, logFormat });
  running.app = app;
  // The address is printed once, last, below; Fastify's own line only records the bind.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `HTTP server bound to ${address}`,
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listening = `http://${config.host}:${port}`;
  // PORT=0 without a PUBLIC_URL (tests): only now is the public address known. The app reads
  // the same config object, so sign-in redirects and demo links use it too.
  if (config.publicUrl === `http://${config.host}:0`) config.publicUrl = listening;
  console.log(`Mailpulse listening on ${listening}`);
  if (config.demoSignIn) {
    for (const line of await createDemoSignInLinks(db, config.publicUrl)) console.log(line);
  }
}

await main();

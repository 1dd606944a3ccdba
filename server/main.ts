import { loadConfig, ConfigError, type Config } from './config';
import { openDatabase } from './db/open';
import { migrate } from './db/migrate';
import { isDatabaseEmpty, seedDemoWorkspace } from './seed/demo';
import { rebuildWorkspaceStats } from './stats/rebuild';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createDemoSignInLinks } from './auth/demo-login';

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
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  // Handlers first: a signal that arrives while starting must still close the database cleanly,
  // or PGlite's folder is left half-written.
  const running: { app?: FastifyInstance } = {};
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`Mailpulse stopping (${signal})`);
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
    const seeded = await db.transaction(async (tx) =>
      (await isDatabaseEmpty(tx)) ? seedDemoWorkspace(tx) : null,
    );
    // The demo's statistics at once, so the first page shows figures, not tomorrow's rebuild.
    if (seeded !== null) await rebuildWorkspaceStats(db, seeded);
  }
  const app = await buildApp({ config, db });
  running.app = app;
  await app.listen({ port: config.port, host: config.host });
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

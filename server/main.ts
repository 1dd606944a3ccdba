import { loadConfig, ConfigError, type Config } from './config';
import { openDatabase } from './db/open';
import { migrate } from './db/migrate';
import { isDatabaseEmpty, seedDemoWorkspace } from './seed/demo';
import { buildApp } from './app';

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
  await migrate(db);
  if (config.seedDemo) {
    await db.transaction(async (tx) => {
      if (await isDatabaseEmpty(tx)) await seedDemoWorkspace(tx);
    });
  }
  const app = await buildApp({ config, db });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Mailpulse listening on http://${config.host}:${port}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();

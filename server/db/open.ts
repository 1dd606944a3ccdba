import type { DatabaseOptions, Db } from './types';

/** PostgreSQL when databaseUrl is set, else PGlite in dataDir. Each driver loads only when used. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir);
}

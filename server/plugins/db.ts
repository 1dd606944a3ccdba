import fp from 'fastify-plugin';
import type { Db } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Hands the opened database to the routes; the app owns it from here and closes it on shutdown. */
export default fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'db' },
);

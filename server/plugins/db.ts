import fp from 'fastify-plugin';
import type { Db } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Whether the routes record their writes in the audit log (always, but in one bench). */
    auditLog: boolean;
  }
}

/** Hands the opened database to the routes; the app owns it from here and closes it on shutdown. */
export default fp<{ db: Db; auditLog: boolean }>(
  async (app, { db, auditLog }) => {
    app.decorate('db', db);
    app.decorate('auditLog', auditLog);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'db' },
);

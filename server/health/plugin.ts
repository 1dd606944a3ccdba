import fp from 'fastify-plugin';
import type { Db } from '../db/types';
import { checkReadiness, type Readiness, type ReadinessSources } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /readyz answers (server/health/readiness.ts). */
    readiness(): Promise<Readiness>;
  }
}

export type ReadinessOptions = Omit<ReadinessSources, 'db'>;

export default fp<{ db: Db; readiness?: ReadinessOptions }>(
  async (app, { db, readiness }) => {
    app.decorate('readiness', () => checkReadiness({ db, ...readiness }));
  },
  { name: 'readiness' },
);

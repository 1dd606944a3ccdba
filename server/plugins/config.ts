import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { SessionPolicy } from '../auth/authenticate';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The idle limit of sessions and the clock of sessions and sign-in codes. */
    sessions: SessionPolicy;
  }
}

export default fp<{ config: Config; now?: () => Date }>(
  async (app, { config, now }) => {
    app.decorate('config', config);
    app.decorate('sessions', { idleDays: config.sessionIdleDays, now: now ?? (() => new Date()) });
  },
  { name: 'config' },
);

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    sendApp(reply: FastifyReply): FastifyReply;
  }
}

/** Serves the built app; any other GET outside the API gets index.html, so deep links reload. */
export default fp(
  async (app) => {
    const root = resolve(app.config.clientDir);
    const built = existsSync(resolve(root, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders: (reply, path) => {
          // Hashed assets never change; the HTML must always be fresh.
          const immutable = path.includes('/assets/');
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ root }, 'the client is not built; run npm run build');
    }
    app.decorate('sendApp', (reply: FastifyReply) => {
      if (!built) {
        return reply
          .code(503)
          .type('text/plain')
          .send('The client is not built: run npm run build.');
      }
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'static', dependencies: ['config'] },
);

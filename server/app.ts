import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Config } from './config';
import type { Db } from './db/types';
import { serializerCompiler, validatorCompiler } from './contract/validation';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import xsrfPlugin from './plugins/xsrf';
import staticPlugin from './plugins/static';
import errorsPlugin from './plugins/errors';
import securityHeaders from './plugins/security-headers';
import routeInventory from './plugins/route-inventory';
import outboundPlugin from './outbound/plugin';
import { registerRoutes } from './routes/register';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
}

export async function buildApp({
  config,
  db,
  logger = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(routeInventory);
  await app.register(configPlugin, { config });
  await app.register(dbPlugin, { db });
  await app.register(outboundPlugin);
  await app.register(securityHeaders);
  await app.register(xsrfPlugin);
  await app.register(staticPlugin);
  await app.register(errorsPlugin);
  await app.register(websocket);
  await registerRoutes(app);
  await app.ready();
  return app;
}

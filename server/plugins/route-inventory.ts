import fp from 'fastify-plugin';

interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, so the contract can be checked against it both ways. */
    routeInventory: readonly RouteEntry[];
  }
}

export default fp(
  async (app) => {
    const routes: RouteEntry[] = [];
    app.decorate('routeInventory', routes);
    app.addHook('onRoute', (options) => {
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      for (const method of methods) routes.push({ method, url: options.url });
    });
  },
  { name: 'route-inventory' },
);

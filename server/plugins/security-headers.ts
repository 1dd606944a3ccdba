import fp from 'fastify-plugin';

/** Headers every reply carries; the CSP's frame sources widen when a dashboard is embedded. */
export default fp(
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
      reply.header(
        'content-security-policy',
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
      );
    });
  },
  { name: 'security-headers' },
);

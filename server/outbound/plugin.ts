import fp from 'fastify-plugin';
import { createForwarder } from './forwarder';

export interface OutboundPluginOptions {
  /** How often due requests are looked for; a stored request also wakes the forwarder at once. */
  pollMs?: number;
}

/** Runs the request forwarder while the app runs: started when ready, stopped before closing. */
export default fp<OutboundPluginOptions>(
  (app, { pollMs }, done) => {
    const forwarder = createForwarder({ db: app.db, targets: app.config, log: app.log, pollMs });
    app.addHook('onReady', () => forwarder.start());
    // preClose runs before the database plugin's onClose, so no pass outlives the connection.
    app.addHook('preClose', () => forwarder.stop());
    done();
  },
  { name: 'outbound-forwarder', dependencies: ['db', 'config'] },
);

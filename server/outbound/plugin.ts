import fp from 'fastify-plugin';
import { alertChannels } from '../alerts/delivery';
import { reportChannels } from '../reports/delivery';
import { syncAlertChannels } from '../sync-alerts/delivery';
import { createForwarder, requestChannels } from './forwarder';
import { createOutboundGuard, type OutboundGuard, type Resolve } from './safe-target';

declare module 'fastify' {
  interface FastifyInstance {
    /** Judges webhook targets at save time and connects every delivery (safe-target.ts). */
    outboundGuard: OutboundGuard;
  }
}

interface OutboundPluginOptions {
  /** How often due rows are looked for; a stored request also wakes the forwarder at once. */
  pollMs?: number;
  /** The clock (tests inject one). */
  now?: () => Date;
  /** True: the forwarder does not run (tests drive it with drainOnce). */
  disabled?: boolean;
  /** How webhook hosts are resolved; dns.lookup unless a test gives a table. */
  resolve?: Resolve;
}

/** Runs the outbox forwarder while the app runs: started when ready, stopped before closing. */
export default fp<OutboundPluginOptions>(
  (app, { pollMs, now, disabled = false, resolve }, done) => {
    const guard = createOutboundGuard({ allowPrivate: app.config.outboundAllowPrivate, resolve });
    app.decorate('outboundGuard', guard);
    const channels = [
      ...requestChannels(app.config, guard),
      ...alertChannels(app.config, app.db, guard),
      ...reportChannels(app.config),
      ...syncAlertChannels(app.config),
    ];
    const forwarder = createForwarder({ db: app.db, channels, log: app.log, pollMs, now });
    if (!app.config.alerts.smtpUrl) {
      app.log.warn('SMTP_URL is not set: alert and report emails stay in the outbox until it is');
    }
    if (!disabled) {
      app.addHook('onReady', () => forwarder.start());
      // preClose runs before the database plugin's onClose, so no pass outlives the connection.
      app.addHook('preClose', () => forwarder.stop());
    }
    app.addHook('onClose', () => guard.close());
    done();
  },
  { name: 'outbound-forwarder', dependencies: ['db', 'config'] },
);

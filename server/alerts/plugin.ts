import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { notifyQueued } from '../outbound/forwarder';
import { evaluateAlerts } from './evaluate';

export interface AlertsPluginOptions {
  /** The clock (tests inject one). */
  now?: () => Date;
  /** Tests drive evaluation themselves with evaluateAlerts. */
  disabled?: boolean;
}

/**
 * Evaluates the alerts every ALERT_INTERVAL_S while the app runs, until the shared worker runner
 * takes the task over. A run that wrote notifications wakes the outbox forwarder at once.
 */
export default fp<AlertsPluginOptions>(
  (app, { now = () => new Date(), disabled = false }, done) => {
    const { intervalSeconds } = app.config.alerts;
    const instance = `${hostname()}:${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | null = null;
    let run = 0;
    const tick = () => {
      if (running) return;
      run += 1;
      running = evaluateAlerts(app.db, `${instance}:${run}`, now(), { intervalSeconds })
        .then((result) => {
          if (result.outboxRows > 0) notifyQueued(app.db);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'An alert evaluation failed'))
        .finally(() => {
          running = null;
        });
    };
    if (!disabled) {
      app.addHook('onReady', () => {
        timer = setInterval(tick, intervalSeconds * 1000);
        timer.unref();
        tick();
      });
      app.addHook('preClose', async () => {
        clearInterval(timer);
        await running;
      });
    }
    done();
  },
  { name: 'alert-evaluator', dependencies: ['db', 'config', 'outbound-forwarder'] },
);

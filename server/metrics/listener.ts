import type { Config } from '../config';
import { startSideListener, type SideListener } from '../health/side-listener';
import type { Metrics } from './metrics';

/** /metrics on METRICS_PORT (on HOST), a listener of its own: never the public port. */
export async function serveMetrics(
  config: Pick<Config, 'host' | 'metricsPort'>,
  metrics: Metrics | undefined,
  name: string,
): Promise<SideListener | undefined> {
  if (config.metricsPort === undefined || !metrics) return undefined;
  const listener = await startSideListener(config.host, config.metricsPort, {
    '/metrics': async () => ({ contentType: metrics.contentType, body: await metrics.scrape() }),
  });
  console.log(`${name} metrics on ${listener.url}/metrics`);
  return listener;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { ConfigError } from '../../../server/config-values';
import { packageVersion } from '../../../server/health/version';
import { TEST_KEY } from '../support/mail-sync';
import { killHard, startWorker, type WorkerProcess } from '../support/scale-out';
import { environment } from '../support/server-process';
import { createTestDbLocation, testDbSettings, type TestDbLocation } from '../support/test-db';

// `npm run worker` with WORKER_PORT: the same /healthz and /readyz as the web process.

describe('the worker process with WORKER_PORT', () => {
  let location: TestDbLocation;
  let worker: WorkerProcess;
  let url: string;
  beforeAll(async () => {
    location = await createTestDbLocation();
    worker = await startWorker(
      environment(location, {
        WORKER_PORT: '0',
        METRICS_PORT: '0',
        SECRETS_KEY: TEST_KEY.toString('hex'),
      }),
    );
    const line = worker.output.find((said) => said.startsWith('Mailpulse worker health on '));
    url = line!.slice('Mailpulse worker health on '.length);
  });
  afterAll(async () => {
    await killHard(worker.child);
    await location.dispose();
  });

  it('listens on HOST', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers /healthz with the database kind and the version', async () => {
    const reply = await fetch(`${url}/healthz`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({
      status: 'ok',
      database: testDbSettings().kind,
      version: packageVersion,
    });
  });

  it('answers /readyz once its workers turn', async () => {
    const reply = await fetch(`${url}/readyz`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ status: 'ready' });
  });

  it('serves its metrics on METRICS_PORT, apart from the probes', async () => {
    const line = worker.output.find((said) => said.startsWith('Mailpulse worker metrics on '));
    const metricsUrl = line!.slice('Mailpulse worker metrics on '.length);
    expect(new URL(metricsUrl).port).not.toBe(new URL(url).port);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toContain('# TYPE mailpulse_sync_runs_total counter');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
  });

  it('serves nothing else', async () => {
    const reply = await fetch(`${url}/portal/api/me/`);
    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({
      error: 'not_found',
      message: 'Nothing is served at /portal/api/me/.',
    });
    expect((await fetch(`${url}/readyz`, { method: 'POST' })).status).toBe(405);
  });
});

describe('WORKER_PORT and METRICS_PORT', () => {
  it('are off by default', () => {
    const config = loadConfig({});
    expect(config.workerPort).toBeUndefined();
    expect(config.metricsPort).toBeUndefined();
    expect(loadConfig({ WORKER_PORT: '9101', METRICS_PORT: '9102' })).toMatchObject({
      workerPort: 9101,
      metricsPort: 9102,
    });
  });

  it('refuse a METRICS_PORT equal to the public port, and a port that is not one', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      new ConfigError(
        'METRICS_PORT',
        '8080 is the public port (PORT); metrics are served only on a port of their own',
      ),
    );
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKER_PORT: '70000' })).toThrow(
      'Invalid WORKER_PORT: 70000 is outside 0–65535',
    );
  });
});

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The container and the service units, checked without a container runtime or a running systemd:
// the Dockerfile's steps are the scripts release.pglite.test.ts runs, its image starts as `npm run serve`
// does; compose.yaml wires the app, a worker and PostgreSQL; systemd-analyze verifies the units.

const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
  scripts: { serve: string };
};
/** `npm run serve`'s command, less the leading `node`. */
const serveArgs = manifest.scripts.serve.split(' ').slice(1);

/** The Dockerfile's instructions, continuation lines joined: [keyword, arguments]. */
function instructions(text: string): [string, string][] {
  return text
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.trim().split(/\s+/);
      return [keyword.toUpperCase(), rest.join(' ')];
    });
}

describe('the Dockerfile', () => {
  it('lints clean, builds with the tested scripts, and runs the compiled server as a user, with a health check', async () => {
    const text = await readFile('Dockerfile', 'utf8');
    expect(validate(text).map((problem) => problem.message)).toEqual([]);
    const steps = instructions(text);
    const of = (keyword: string) => steps.filter(([k]) => k === keyword).map(([, args]) => args);

    expect(of('FROM')).toEqual(['${NODE_IMAGE} AS build', '${NODE_IMAGE} AS runtime']);
    const cache = '--mount=type=cache,target=/root/.npm';
    expect(of('RUN')).toEqual([
      `${cache} bash scripts/build-release.sh /release`,
      `${cache} bash scripts/install-release.sh`,
      'install -d -o node -g node -m 700 /var/lib/mailpulse',
    ]);
    const runtime = steps.slice(steps.findIndex(([, args]) => args.endsWith('AS runtime')));
    expect(runtime.filter(([k]) => k === 'COPY').map(([, args]) => args)).toEqual([
      '--from=build /release ./',
    ]);
    expect(of('USER')).toEqual(['node']);
    expect(of('HEALTHCHECK').join()).toMatch(/^--interval=\S+ .*CMD \[.*\/healthz/);
    expect(of('STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(JSON.parse(of('CMD').join())).toEqual(['node', ...serveArgs]);
  });
});

describe('compose.yaml', () => {
  it('runs the app and a worker from the image on PostgreSQL, with the secrets from files', async () => {
    const text = await readFile('compose.yaml', 'utf8');
    const compose = parse(text, { merge: true }) as {
      services: Record<string, Record<string, unknown>>;
      secrets: Record<string, { file: string }>;
      volumes: Record<string, unknown>;
    };
    const { app, worker, postgres } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'postgres', 'worker']);
    for (const service of [app, worker]) {
      expect(service).toMatchObject({ build: '.', env_file: ['mailpulse.env'] });
    }
    expect(app).toMatchObject({ environment: { WORKERS: 'false' } });
    expect(worker?.command).toEqual(['node', ...serveArgs.slice(0, -1), 'worker']);
    expect(postgres).toMatchObject({
      environment: { POSTGRES_PASSWORD_FILE: '/run/secrets/postgres_password' },
      volumes: ['postgres-data:/var/lib/postgresql/data'],
    });
    expect(compose.secrets).toEqual({ postgres_password: { file: './postgres-password' } });
    expect(Object.keys(compose.volumes)).toEqual(['postgres-data']);
    // No secret in the file itself.
    expect(text).not.toMatch(/SECRETS_KEY:|DATABASE_URL:|PASSWORD:/);
  });
});

describe('the systemd units', () => {
  it.each([
    ['deploy/mailpulse.service', 'serve'],
    ['deploy/mailpulse-worker.service', 'worker'],
  ])('%s passes systemd-analyze verify and starts the compiled %s', async (unit, entry) => {
    const { stdout, stderr } = await promisify(execFile)('systemd-analyze', ['verify', unit]);
    // verify exits 0 on an unknown key or a bad value, and says so: it must say nothing.
    expect(stdout + stderr).toBe('');
    const text = await readFile(unit, 'utf8');
    expect(text).toContain(
      `\nExecStart=/usr/bin/node ${[...serveArgs.slice(0, -1), entry].join(' ')}\n`,
    );
    for (const line of [
      'DynamicUser=yes',
      'EnvironmentFile=/etc/mailpulse/mailpulse.env',
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'CapabilityBoundingSet=',
    ]) {
      expect(text).toContain(`\n${line}\n`);
    }
  });
});

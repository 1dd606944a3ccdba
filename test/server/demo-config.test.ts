import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { isLoopback } from '../../server/demo-config';

// Demo sign-in and the demo seed are on only when asked for (npm start passes --demo), and never
// under NODE_ENV=production or on an address others reach unless DEMO=1 says so.

const asNpmStart = (env: Record<string, string>) => loadConfig(env, { demoAsked: true });
const demoOf = ({ demoSignIn, seedDemo, demoStatus }: ReturnType<typeof loadConfig>) => ({
  demoSignIn,
  seedDemo,
  demoStatus,
});

describe('the demo, as start-up decides it', () => {
  it('is asked for by npm start and npm run dev, whose server defaults leave it off', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe('bash scripts/start.sh');
    expect(await readFile('scripts/start.sh', 'utf8')).toMatch(/\/launch\.mjs start --demo\n$/);
    expect(pkg.scripts.dev).toContain(' server/main.ts --demo"');
    expect(demoOf(loadConfig({}))).toEqual({
      demoSignIn: false,
      seedDemo: false,
      demoStatus:
        'Demo sign-in is off: not asked for (npm start asks for it) (set DEMO=1 to turn it on). ' +
        'Demo seed is off (like demo sign-in).',
    });
  });

  it('is on for npm start on a loopback address', () => {
    for (const HOST of ['127.0.0.1', '127.8.9.10', 'localhost', '::1']) {
      expect(demoOf(asNpmStart({ HOST }))).toEqual({
        demoSignIn: true,
        seedDemo: true,
        demoStatus:
          'Demo sign-in is on: npm start asked for it (--demo) on a loopback address (DEMO=0 turns it off). ' +
          'Demo seed is on (like demo sign-in).',
      });
    }
  });

  it('is off under NODE_ENV=production, even with SEED_DEMO=true, unless DEMO=1', () => {
    expect(demoOf(asNpmStart({ NODE_ENV: 'production' }))).toEqual({
      demoSignIn: false,
      seedDemo: false,
      demoStatus:
        'Demo sign-in is off: NODE_ENV=production (set DEMO=1 to turn it on). ' +
        'Demo seed is off (NODE_ENV=production).',
    });
    const seedAsked = asNpmStart({ NODE_ENV: 'production', SEED_DEMO: 'true' });
    expect(seedAsked.seedDemo).toBe(false);
    expect(seedAsked.demoStatus).toContain(
      'Demo seed is off (SEED_DEMO=true is ignored: NODE_ENV=production).',
    );
    expect(demoOf(loadConfig({ NODE_ENV: 'production', DEMO: '1' }))).toEqual({
      demoSignIn: true,
      seedDemo: true,
      demoStatus: 'Demo sign-in is on: DEMO=1. Demo seed is on (DEMO=1).',
    });
  });

  it('is off on an address others reach (HOST or PUBLIC_URL), unless DEMO=1', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'mailpulse.example', '128.0.0.1']) {
      expect(asNpmStart({ HOST })).toMatchObject({
        demoSignIn: false,
        seedDemo: false,
        demoStatus: `Demo sign-in is off: HOST ${HOST} is not a loopback address (set DEMO=1 to turn it on). Demo seed is off (HOST ${HOST} is not a loopback address).`,
      });
      expect(asNpmStart({ HOST, SEED_DEMO: 'true' }).seedDemo).toBe(false);
      expect(asNpmStart({ HOST, DEMO: '1' })).toMatchObject({ demoSignIn: true, seedDemo: true });
    }
    const proxied = asNpmStart({ PUBLIC_URL: 'https://mailpulse.example.com' });
    expect(proxied.demoSignIn).toBe(false);
    expect(proxied.demoStatus).toContain(
      "PUBLIC_URL's host mailpulse.example.com is not a loopback address",
    );
  });

  it('lets DEMO=0 and SEED_DEMO=false turn each off, and SEED_DEMO=true seed on its own', () => {
    expect(asNpmStart({ DEMO: '0' })).toMatchObject({ demoSignIn: false, seedDemo: false });
    expect(asNpmStart({ DEMO: '0', SEED_DEMO: 'true' })).toMatchObject({
      demoSignIn: false,
      seedDemo: true,
    });
    const unseeded = asNpmStart({ SEED_DEMO: 'false' });
    expect([unseeded.demoSignIn, unseeded.seedDemo]).toEqual([true, false]);
    expect(unseeded.demoStatus).toContain('Demo seed is off (SEED_DEMO=false).');
    expect(loadConfig({ SEED_DEMO: 'true' })).toMatchObject({ demoSignIn: false, seedDemo: true });
    expect(loadConfig({ DEMO: '1', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('knows a loopback address', () => {
    expect(['127.0.0.1', '127.255.0.1', '::1', '[::1]', 'LOCALHOST'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['0.0.0.0', '::', '10.0.0.1', 'localhost.example', ''].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

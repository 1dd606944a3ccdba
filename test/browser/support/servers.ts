/**
 * The servers browser tests run against, each on its own copy of the seeded template: the
 * worker's default one, and variants whose data or environment a few specs need (features
 * switched off, a dashboard platform, a Superset stand-in, OpenID providers).
 */
import type { OidcStandIn } from '../../support/oidc-provider';
import { startSupersetStandin, type SupersetStandin } from '../../support/superset-standin';
import { featureSet, runCli, ACME } from './operator-cli';
import { startFreshServer, templateDir, type FreshServerOptions } from './server';
import { DEMO_USERS, withDemoSessions, type TestServer } from './sign-in';

const start = async (name: string, options: FreshServerOptions = {}): Promise<TestServer> =>
  withDemoSessions(await startFreshServer(name, templateDir, options));

/** The seeded demo data as it is: every feature on and writable, the native dashboard. */
export const startDefaultServer = (name: string) => start(name);

/** Demo sign-in switched off (`DEMO=0`), no provider configured. */
export const startDemoOffServer = (name: string) =>
  start(`${name}-demo-off`, { env: { DEMO: '0' } });

/**
 * Features in each state: `users` and `alerts` off, `teams` read-only, the others on. Alerts off
 * also closes integrations, its child area.
 */
export const startRestrictedServer = (name: string) =>
  start(`${name}-restricted`, {
    prepare: async (dataDir) => {
      await runCli(dataDir, [
        featureSet('users', { enabled: false }),
        featureSet('alerts', { enabled: false }),
        featureSet('teams', { readOnly: true }),
      ]);
    },
  });

/** No dashboard platform (`dashboard:set --platform none`): the page says it will be ready soon. */
export const startNoDashboardServer = (name: string) =>
  start(`${name}-no-dashboard`, {
    prepare: async (dataDir) => {
      await runCli(dataDir, [['dashboard:set', '--workspace', ACME, '--platform', 'none']]);
    },
  });

export const LOOKER_EMBED_URL =
  'https://lookerstudio.google.com/embed/reporting/0b5e7e4c-acme/page/p_dashboard';
export const LOOKER_NAME = 'Acme email statistics';

/** The workspace's dashboard is a Looker Studio report. */
export const startLookerServer = (name: string) =>
  start(`${name}-looker`, {
    prepare: async (dataDir) => {
      await runCli(dataDir, [
        [
          'dashboard:set',
          '--workspace',
          ACME,
          '--platform',
          'looker',
          '--embedded-url',
          LOOKER_EMBED_URL,
          '--name',
          LOOKER_NAME,
        ],
      ]);
    },
  });

export const SUPERSET_DASHBOARD_UUID = '5f0c3a1e-8d2b-4c6f-9a7e-2b1d4e6f8a90';
/** Short-lived guest tokens, so the SDK refreshes one about 5 s after the first. */
const GUEST_TOKEN_TTL_SECONDS = 10;

/**
 * Starts a server that talks to a stand-in service: stopping the server closes the stand-in
 * too, and so does a failed start.
 */
async function startBeside(
  standIn: { close(): Promise<void> },
  startServer: () => Promise<TestServer>,
): Promise<TestServer> {
  try {
    const server = await startServer();
    const stop = async () => {
      const clean = await server.stop();
      await standIn.close();
      return clean;
    };
    return { ...server, stop };
  } catch (error) {
    await standIn.close();
    throw error;
  }
}

export interface SupersetTestServer extends TestServer {
  superset: SupersetStandin;
}

/** The dashboard is embedded from a stand-in Superset on its own loopback origin. */
export async function startSupersetServer(name: string): Promise<SupersetTestServer> {
  const superset = await startSupersetStandin({
    dashboardUuid: SUPERSET_DASHBOARD_UUID,
    tokenTtlSeconds: GUEST_TOKEN_TTL_SECONDS,
  });
  const server = await startBeside(superset, () =>
    start(`${name}-superset`, {
      env: {
        SUPERSET_URL: superset.url,
        SUPERSET_USERNAME: superset.username,
        SUPERSET_PASSWORD: superset.password,
      },
      prepare: async (dataDir) => {
        await runCli(dataDir, [
          [
            'dashboard:set',
            '--workspace',
            ACME,
            '--platform',
            'superset',
            '--uuid',
            SUPERSET_DASHBOARD_UUID,
          ],
        ]);
      },
    }),
  );
  return { ...server, superset };
}

/** An address at an allowed domain that is no user of any workspace. */
export const STRANGER = 'nobody@acme.example';
/** Tracked at Acme but not a user until a test adds them. */
export const NEWCOMER = 'liam.ortiz@acme.example';

export interface SignInTestServer extends TestServer {
  provider: OidcStandIn;
}

/**
 * Google and Microsoft sign-in through a local OpenID provider that knows the demo users, a
 * stranger and a newcomer; demo links stay on (DEMO=1) next to the providers. The workspace
 * allows the provider's Microsoft tenant.
 */
export async function startSignInServer(name: string): Promise<SignInTestServer> {
  const accounts = [...Object.values(DEMO_USERS), STRANGER, NEWCOMER].map((email) => ({ email }));
  // Loaded here, not at the top: only the worker that runs the sign-in spec needs it.
  const { startOidcProvider, STAND_IN_TENANT } = await import('../../support/oidc-provider');
  const provider = await startOidcProvider({ accounts });
  const tenants = ['workspace:set', '--workspace', ACME, '--microsoft-tenants', STAND_IN_TENANT];
  const server = await startBeside(provider, () =>
    start(`${name}-sign-in`, {
      env: { ...provider.env, DEMO: '1' },
      prepare: async (dataDir) => {
        await runCli(dataDir, [tenants]);
      },
    }),
  );
  return { ...server, provider };
}

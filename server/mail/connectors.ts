import { domainOf } from '../../common/patterns';
import type { MailApiUrls } from '../config';
import type { Queryable } from '../db/types';
import { getMailAccount, type MailAccount } from '../repos/mail-accounts';
import { MailProviderError, type MailConnector } from './connector';
import { createDemoConnector } from './demo/connector';
import { readServiceAccount } from './google/auth';
import { createGoogleConnector } from './google/connector';
import { createImapConnector, type ImapConnectorOptions } from './imap/connector';
import type { ImapSettings } from './imap/session';
import { createMicrosoftConnector } from './microsoft/connector';
import { SecretsKeyError, type Secrets } from './secrets';
import type { Provider } from '../repos/workspaces';
import { DEMO_DIRECTORY } from '../seed/demo';

// Builds the connector a workspace's mail settings name. The one place that unseals a credential.

interface ConnectorDeps {
  secrets: Secrets;
  /** Where the Google and Microsoft connectors go (config.mailApis). */
  apis: MailApiUrls;
  now?: () => Date;
  imap?: ImapConnectorOptions;
}

const incomplete = (provider: string, command: string) =>
  new MailProviderError(
    `The ${provider} settings are incomplete: set them again with npm run cli -- ${command}.`,
    false,
  );

/**
 * The demo generator's settings (written by the seed or mail:demo) and the workspace's domains
 * and provider. At the demo company's domain only its staff exist; elsewhere anyone does.
 */
async function openDemo(db: Queryable, workspaceId: number, account: MailAccount, now: () => Date) {
  const [workspace] = await db.query<{ allowed_domains: string[]; provider: Provider }>(
    'select allowed_domains, provider from workspaces where workspace_id = $1',
    [workspaceId],
  );
  const domains = (workspace?.allowed_domains ?? []).map((domain) => domain.toLowerCase());
  const staff = DEMO_DIRECTORY.filter((address) => domains.includes(domainOf(address)));
  const { seed, timezone } = account.settings;
  return createDemoConnector({
    seed: typeof seed === 'number' ? seed : 1,
    now,
    workspaceDomains: domains,
    ...(staff.length > 0 ? { directory: staff } : {}),
    ...(workspace ? { provider: workspace.provider } : {}),
    ...(typeof timezone === 'string' ? { timezone } : {}),
  });
}

function openMicrosoft(account: MailAccount, clientSecret: string, apis: MailApiUrls) {
  const { tenant, clientId } = account.settings;
  if (typeof tenant !== 'string' || typeof clientId !== 'string') {
    throw incomplete('Microsoft 365', 'mail:microsoft');
  }
  return createMicrosoftConnector(
    { tenant, clientId, clientSecret },
    { loginBaseUrl: apis.microsoftLoginUrl, graphBaseUrl: apis.graphApiUrl },
  );
}

/** Settings written by the CLI's mail:imap; a row edited by hand is refused in words. */
function readImapSettings(settings: Record<string, unknown>): ImapSettings {
  const { host, port, tls, ca, masterUser, masterLogin, masterSeparator, sentFolder } = settings;
  if (typeof host !== 'string' || typeof port !== 'number' || typeof masterUser !== 'string') {
    throw new MailProviderError(
      'The IMAP settings are incomplete: set them again with npm run cli -- mail:imap.',
      false,
    );
  }
  return {
    host,
    port,
    // Settings from before STARTTLS: a boolean; anything else but an explicit false is TLS.
    tls: tls === 'starttls' ? 'starttls' : tls !== false,
    ca: typeof ca === 'string' && ca !== '' ? ca : null,
    masterUser,
    masterLogin: masterLogin === 'authzid' ? 'authzid' : 'separator',
    masterSeparator:
      typeof masterSeparator === 'string' && masterSeparator !== '' ? masterSeparator : '*',
    sentFolder: typeof sentFolder === 'string' && sentFolder !== '' ? sentFolder : 'Sent',
  };
}

/** The account's credential; one that does not open (another workspace's) stops its mailboxes. */
function unsealed(secrets: Secrets, workspaceId: number, account: MailAccount, secret: string) {
  try {
    return secrets.unseal(secret, { workspaceId, provider: account.provider });
  } catch (error) {
    if (!(error instanceof SecretsKeyError)) throw error;
    throw new MailProviderError(error.message, false, { cause: error });
  }
}

/** The workspace's connector, or null when it has no mail settings. */
export async function openConnector(
  db: Queryable,
  workspaceId: number,
  deps: ConnectorDeps,
): Promise<MailConnector | null> {
  const account = await getMailAccount(db, workspaceId);
  if (!account) return null;
  switch (account.provider) {
    case 'imap': {
      if (account.secret === null) throw incomplete('IMAP', 'mail:imap');
      const password = unsealed(deps.secrets, workspaceId, account, account.secret);
      return createImapConnector(readImapSettings(account.settings), password, deps.imap);
    }
    case 'google': {
      if (account.secret === null) throw incomplete('Google Workspace', 'mail:google');
      const serviceAccount = readServiceAccount(
        unsealed(deps.secrets, workspaceId, account, account.secret),
      );
      return createGoogleConnector(
        { serviceAccount },
        {
          tokenUrl: deps.apis.googleTokenUrl,
          apiBaseUrl: deps.apis.gmailApiUrl,
          quotaPerMinute: deps.apis.gmailQuotaPerMinute,
        },
      );
    }
    case 'microsoft': {
      if (account.secret === null) throw incomplete('Microsoft 365', 'mail:microsoft');
      return openMicrosoft(
        account,
        unsealed(deps.secrets, workspaceId, account, account.secret),
        deps.apis,
      );
    }
    case 'demo':
      return openDemo(db, workspaceId, account, deps.now ?? (() => new Date()));
  }
}

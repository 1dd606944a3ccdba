import type { Queryable } from '../db/types';
import { getMailAccount } from '../repos/mail-accounts';
import { MailProviderError, type MailConnector } from './connector';
import {
  createImapConnector,
  type ImapConnectorOptions,
  type ImapSettings,
} from './imap-connector';
import type { Secrets } from './secrets';

// Builds the connector a workspace's mail settings name. The one place that unseals a credential.

export interface ConnectorDeps {
  secrets: Secrets;
  imap?: ImapConnectorOptions;
}

const notYet = (provider: string) =>
  new MailProviderError(`The ${provider} mail connector is not available yet.`, false);

/** Settings written by the CLI's mail:imap; a row edited by hand is refused in words. */
export function readImapSettings(settings: Record<string, unknown>): ImapSettings {
  const { host, port, tls, masterUser, masterLogin, sentFolder } = settings;
  if (typeof host !== 'string' || typeof port !== 'number' || typeof masterUser !== 'string') {
    throw new MailProviderError(
      'The IMAP settings are incomplete: set them again with npm run cli -- mail:imap.',
      false,
    );
  }
  return {
    host,
    port,
    tls: tls !== false,
    masterUser,
    masterLogin: masterLogin === 'authzid' ? 'authzid' : 'separator',
    sentFolder: typeof sentFolder === 'string' && sentFolder !== '' ? sentFolder : 'Sent',
  };
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
      if (account.secret === null) throw notYet('IMAP');
      const password = deps.secrets.unseal(account.secret);
      return createImapConnector(readImapSettings(account.settings), password, deps.imap);
    }
    case 'google':
      // wired at merge
      throw notYet('Google Workspace');
    case 'microsoft':
      // wired at merge
      throw notYet('Microsoft 365');
    case 'demo':
      // wired at merge
      throw notYet('demo');
  }
}

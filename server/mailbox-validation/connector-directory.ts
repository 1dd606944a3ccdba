import type { MailApiUrls } from '../config';
import type { Queryable } from '../db/types';
import { MailProviderError } from '../mail/connector';
import { openConnector } from '../mail/connectors';
import type { DirectoryWorkspace, MailboxDirectory } from './directory';
import { SecretsKeyError, type Secrets } from '../mail/secrets';

// The live validation asks the workspace's own connector, the demo generator's included: its
// probe logs in as the mailbox (or asks the provider about it) and says in words why it cannot
// be read.

export const NO_MAIL_SETTINGS =
  "This workspace has no mail settings yet, so we can't check this mailbox. An operator sets " +
  'them with npm run cli -- mail:imap (or mail:google, mail:microsoft).';

const UNREADABLE_CREDENTIALS =
  "This server can't read the workspace's mail credentials: an operator must check SECRETS_KEY.";

export class ConnectorDirectory implements MailboxDirectory {
  constructor(
    private readonly db: Queryable,
    private readonly secrets: () => Promise<Secrets>,
    /** Read when a connector is opened (config.mailApis). */
    private readonly apis: () => MailApiUrls,
  ) {}

  async exists(workspace: DirectoryWorkspace, email: string): Promise<boolean> {
    return (await this.problem(workspace, email)) === null;
  }

  async problem(workspace: DirectoryWorkspace, email: string): Promise<string | null> {
    try {
      const connector = await openConnector(this.db, workspace.workspaceId, {
        secrets: await this.secrets(),
        apis: this.apis(),
      });
      if (!connector) return NO_MAIL_SETTINGS;
      try {
        const probed = await connector.probe(email);
        return probed.ok ? null : probed.reason;
      } finally {
        await connector.close();
      }
    } catch (error) {
      if (error instanceof MailProviderError) return error.message;
      if (error instanceof SecretsKeyError) return UNREADABLE_CREDENTIALS;
      throw error;
    }
  }
}

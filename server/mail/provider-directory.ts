import { DEMO_DIRECTORY } from '../seed/demo';
import type { Provider } from '../repos/workspaces';

/** The workspace whose mail provider is asked: G is Google Workspace, M is Microsoft 365. */
export interface DirectoryWorkspace {
  workspaceId: number;
  provider: Provider;
}

/**
 * Whether the workspace's mail provider knows an address. The mail-sync work fills this with
 * Google, Microsoft and IMAP look-ups; the live mailbox validation only depends on this interface.
 */
export interface MailboxDirectory {
  exists(workspace: DirectoryWorkspace, email: string): Promise<boolean>;
  /**
   * Why the provider cannot read the address, in words, or null when it can. A directory that
   * knows the reason gives it here; the check then asks this instead of `exists`.
   */
  problem?(workspace: DirectoryWorkspace, email: string): Promise<string | null>;
}

/**
 * The stand-in until mail sync exists: the demo workspace's staff of acme.example, plus the
 * addresses given here for any other workspace (tests and local installs pass their own).
 */
export class DemoDirectory implements MailboxDirectory {
  private readonly known: ReadonlySet<string>;

  constructor(addresses: Iterable<string> = []) {
    this.known = new Set([...DEMO_DIRECTORY, ...addresses].map((email) => email.toLowerCase()));
  }

  async exists(_workspace: DirectoryWorkspace, email: string): Promise<boolean> {
    return this.known.has(email.toLowerCase());
  }
}

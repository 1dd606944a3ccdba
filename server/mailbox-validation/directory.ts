import type { Provider } from '../repos/workspaces';

/** The workspace whose mail provider is asked: G is Google Workspace, M is Microsoft 365. */
export interface DirectoryWorkspace {
  workspaceId: number;
  provider: Provider;
}

/**
 * Whether the workspace's mail provider knows an address (ConnectorDirectory asks the
 * workspace's connector); the live mailbox validation only depends on this interface.
 */
export interface MailboxDirectory {
  exists(workspace: DirectoryWorkspace, email: string): Promise<boolean>;
  /**
   * Why the provider cannot read the address, in words, or null when it can. A directory that
   * knows the reason gives it here; the check then asks this instead of `exists`.
   */
  problem?(workspace: DirectoryWorkspace, email: string): Promise<string | null>;
}

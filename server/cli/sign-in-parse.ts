import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { SignInTrust } from '../repos/workspaces';
import { CliInputError, UUID, bool, email, required, workspaceId } from './flag-values';

// The commands that say whom a workspace takes the word of at sign-in, checked before the
// database opens (docs/configuration-and-cli.md, "Who may sign in").

export type SignInCommand =
  | { name: 'workspace:set'; workspaceId: number; trust: Partial<SignInTrust> }
  | { name: 'user:unbind'; workspaceId: number; email: string };

export const SIGN_IN_USAGE = `Who may sign in:

  workspace:set  --workspace ID [--microsoft-tenants ID,ID|none]
                 [--google-workspace-domain true|false]
                 Microsoft sign-in takes accounts of these Entra tenants (tenant ids), besides
                 the tenant of the workspace's mail:microsoft account; with
                 --google-workspace-domain true, Google sign-in takes only accounts hosted by
                 the workspace's Google Workspace (hd = the address's domain)
  user:unbind    --workspace ID --email x@acme.example
                 frees the Microsoft account bound to the user at their first Microsoft
                 sign-in, and ends their sessions; the next Microsoft sign-in binds anew`;

const FLAGS = {
  'workspace:set': ['workspace', 'microsoft-tenants', 'google-workspace-domain'],
  'user:unbind': ['workspace', 'email'],
} as const;

export const isSignInCommandName = (name: string | undefined): name is SignInCommand['name'] =>
  name !== undefined && Object.hasOwn(FLAGS, name);

/** Entra tenant ids (the `tid` claim is always one), lower-cased; `none` lists none. */
function tenants(value: string): string[] {
  if (value.trim().toLowerCase() === 'none') return [];
  const ids = value.split(',').map((id) => id.trim().toLowerCase());
  const bad = ids.find((id) => !UUID.test(id));
  if (bad !== undefined) {
    throw new CliInputError(
      `--microsoft-tenants: "${bad}" is not a tenant id (a GUID; or give none)`,
    );
  }
  return [...new Set(ids)];
}

function trust(flags: Partial<Record<string, string>>): Partial<SignInTrust> {
  const result: Partial<SignInTrust> = {};
  const listed = flags['microsoft-tenants'];
  if (listed !== undefined) result.microsoft_tenants = tenants(listed);
  const google = flags['google-workspace-domain'];
  if (google !== undefined)
    result.google_workspace_domain = bool(google, 'google-workspace-domain');
  if (Object.keys(result).length === 0) {
    throw new CliInputError('give --microsoft-tenants and/or --google-workspace-domain');
  }
  return result;
}

export function parseSignInCommand(argv: readonly string[]): SignInCommand {
  const [name, ...args] = argv;
  if (!isSignInCommandName(name)) throw new CliInputError(`unknown command "${name}"`);
  let flags: Partial<Record<string, string>>;
  try {
    const options: ParseArgsConfig['options'] = Object.fromEntries(
      FLAGS[name].map((flag) => [flag, { type: 'string' }] as const),
    );
    flags = parseArgs({ args, options, strict: true, allowPositionals: false }).values as Partial<
      Record<string, string>
    >;
  } catch (error) {
    throw new CliInputError(`${name}: ${(error as Error).message}`);
  }
  const id = workspaceId(flags);
  if (name === 'workspace:set') return { name, workspaceId: id, trust: trust(flags) };
  return { name, workspaceId: id, email: email(required(flags, 'email'), 'email') };
}

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { FEATURE_NAMES, ROLES, type FeatureName } from '../../common/access-model';
import {
  type DashboardSettings,
  type FeatureFlags,
  type Limits,
  type NewUser,
  type NewWorkspace,
} from '../repos/workspaces';
import {
  CliInputError,
  UUID,
  bool,
  count,
  domain,
  email,
  httpUrl,
  required,
  workspaceId,
  type Flags,
} from './flag-values';

// Turns argv into a checked Command without touching the database, so every flag error is
// reported before anything opens or changes.

export type Command =
  | { name: 'help' }
  | { name: 'workspace:create'; workspace: NewWorkspace }
  | { name: 'workspace:list' }
  | { name: 'user:add'; workspaceId: number; user: NewUser }
  | { name: 'user:remove'; workspaceId: number; email: string }
  | { name: 'user:link'; workspaceId: number; email: string }
  | { name: 'limits:set'; workspaceId: number; limits: Partial<Limits> }
  | { name: 'feature:set'; workspaceId: number; feature: FeatureName; flags: Partial<FeatureFlags> }
  | { name: 'dashboard:set'; workspaceId: number; dashboard: DashboardSettings }
  | { name: 'stats:rebuild'; workspaceId: number }
  | { name: 'alerts:outbox'; workspaceId: number }
  | { name: 'alerts:secret'; workspaceId: number; rotate: boolean };

export const USAGE = `Usage: npm run cli -- <command> [flags]

  workspace:create --name Acme --domains acme.example,acme.io --provider G|M
                   [--max-mailboxes 25] [--max-users 10] [--max-alerts 5]
  workspace:list
  user:add       --workspace ID --email x@acme.example --role admin|manager|viewer [--name "Full Name"]
  user:remove    --workspace ID --email x@acme.example
  user:link      --workspace ID --email x@acme.example   (a single-use sign-in link, 15 minutes)
  limits:set     --workspace ID [--max-mailboxes N] [--max-users N] [--max-alerts N]
  feature:set    --workspace ID --feature ${FEATURE_NAMES.join('|')}
                 [--enabled true|false] [--read-only true|false]
  dashboard:set  --workspace ID --platform native|superset|looker|none
                 [--uuid UUID] [--url URL] [--embedded-url URL] [--name NAME]
                 (superset needs --uuid; looker needs --embedded-url
                  https://lookerstudio.google.com/embed/...)
  stats:rebuild  --workspace ID   (recomputes the statistics over the whole history now)
  alerts:outbox  --workspace ID    alert notifications: queued, sent and failed
  alerts:secret  --workspace ID [--rotate]    print (or replace) the webhook signing secret
  help

The database comes from DATABASE_URL (PostgreSQL) or else DATA_DIR (PGlite, default ./data).`;

const LIMIT_FLAGS = ['max-mailboxes', 'max-users', 'max-alerts'] as const;

const FLAGS = {
  'workspace:create': ['name', 'domains', 'provider', ...LIMIT_FLAGS],
  'workspace:list': [],
  'user:add': ['workspace', 'email', 'role', 'name'],
  'user:remove': ['workspace', 'email'],
  'user:link': ['workspace', 'email'],
  'limits:set': ['workspace', ...LIMIT_FLAGS],
  'feature:set': ['workspace', 'feature', 'enabled', 'read-only'],
  'dashboard:set': ['workspace', 'platform', 'uuid', 'url', 'embedded-url', 'name'],
  'stats:rebuild': ['workspace'],
  'alerts:outbox': ['workspace'],
  'alerts:secret': ['workspace', 'rotate'],
} as const;

/** Flags that take no value. */
const SWITCHES: readonly string[] = ['rotate'];

type CommandName = keyof typeof FLAGS;

const LOOKER_EMBED_PREFIX = 'https://lookerstudio.google.com/embed/';
export function parseCommand(argv: readonly string[]): Command {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    return { name: 'help' };
  }
  if (!Object.hasOwn(FLAGS, name)) {
    throw new CliInputError(`unknown command "${name}" (see: npm run cli -- help)`);
  }
  const command = name as CommandName;
  const flags = readFlags(command, rest);
  return build(command, flags);
}

function readFlags(command: CommandName, args: string[]): Flags {
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    FLAGS[command].map(
      (flag) => [flag, { type: SWITCHES.includes(flag) ? 'boolean' : 'string' }] as const,
    ),
  );
  try {
    const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
    return Object.fromEntries(
      Object.entries(values).map(([flag, value]) => [flag, value === true ? 'true' : value]),
    ) as Flags;
  } catch (error) {
    // node's messages name the offending flag, e.g. "Unknown option '--nmae'".
    throw new CliInputError(`${command}: ${(error as Error).message}`);
  }
}

function build(command: CommandName, flags: Flags): Command {
  switch (command) {
    case 'workspace:create':
      return { name: command, workspace: newWorkspace(flags) };
    case 'workspace:list':
      return { name: command };
    case 'user:add':
      return { name: command, workspaceId: workspaceId(flags), user: newUser(flags) };
    case 'user:remove':
    case 'user:link':
      return {
        name: command,
        workspaceId: workspaceId(flags),
        email: email(required(flags, 'email'), 'email'),
      };
    case 'limits:set':
      return { name: command, workspaceId: workspaceId(flags), limits: limits(flags, true) };
    case 'feature:set':
      return { name: command, workspaceId: workspaceId(flags), ...featureFlags(flags) };
    case 'dashboard:set':
      return { name: command, workspaceId: workspaceId(flags), dashboard: dashboard(flags) };
    case 'stats:rebuild':
      return { name: command, workspaceId: workspaceId(flags) };
    case 'alerts:outbox':
      return { name: command, workspaceId: workspaceId(flags) };
    case 'alerts:secret':
      return { name: command, workspaceId: workspaceId(flags), rotate: flags.rotate === 'true' };
  }
}

/** Limits given as flags; defaults apply only when creating a workspace. */
function limits(flags: Flags, atLeastOne: boolean): Partial<Limits> {
  const result: Partial<Limits> = {};
  for (const flag of LIMIT_FLAGS) {
    const value = flags[flag];
    if (value !== undefined) result[flag.replace('-', '_') as keyof Limits] = count(value, flag);
  }
  if (atLeastOne && Object.keys(result).length === 0) {
    throw new CliInputError(`give at least one of ${LIMIT_FLAGS.map((f) => `--${f}`).join(', ')}`);
  }
  return result;
}

function newWorkspace(flags: Flags): NewWorkspace {
  const client_name = required(flags, 'name');
  const domains = required(flags, 'domains')
    .split(',')
    .map((d) => domain(d, 'domains'));
  const provider = required(flags, 'provider').toUpperCase();
  if (provider !== 'G' && provider !== 'M') {
    throw new CliInputError(
      `--provider must be G (Google) or M (Microsoft), got "${flags.provider}"`,
    );
  }
  const given = limits(flags, false);
  return {
    client_name,
    allowed_domains: [...new Set(domains)],
    provider,
    max_mailboxes: given.max_mailboxes ?? 25,
    max_users: given.max_users ?? 10,
    max_alerts: given.max_alerts ?? 5,
  };
}

function newUser(flags: Flags): NewUser {
  const address = email(required(flags, 'email'), 'email');
  const role = required(flags, 'role');
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new CliInputError(`--role must be one of ${ROLES.join(', ')}, got "${role}"`);
  }
  return { email: address, role: role as NewUser['role'], full_name: flags.name?.trim() ?? '' };
}

function featureFlags(flags: Flags): { feature: FeatureName; flags: Partial<FeatureFlags> } {
  const feature = required(flags, 'feature');
  if (!(FEATURE_NAMES as readonly string[]).includes(feature)) {
    throw new CliInputError(
      `--feature must be one of ${FEATURE_NAMES.join(', ')}, got "${feature}"`,
    );
  }
  const result: Partial<FeatureFlags> = {};
  if (flags.enabled !== undefined) result.enabled = bool(flags.enabled, 'enabled');
  if (flags['read-only'] !== undefined) result.read_only = bool(flags['read-only'], 'read-only');
  if (Object.keys(result).length === 0)
    throw new CliInputError('give --enabled and/or --read-only');
  return { feature: feature as FeatureName, flags: result };
}

function dashboard(flags: Flags): DashboardSettings {
  const platform = required(flags, 'platform');
  const uuid = flags.uuid?.trim();
  const url = flags.url === undefined ? undefined : httpUrl(flags.url, 'url');
  const embedded = flags['embedded-url'];
  const name = flags.name?.trim() || undefined;
  if (platform === 'none') {
    const stray = ['uuid', 'url', 'embedded-url'].find((flag) => flags[flag] !== undefined);
    if (stray) throw new CliInputError(`--${stray} does not apply to --platform none`);
    return { platform: null, name };
  }
  if (platform === 'native') {
    const stray = ['uuid', 'url', 'embedded-url'].find((flag) => flags[flag] !== undefined);
    if (stray) throw new CliInputError(`--${stray} does not apply to --platform native`);
    return { platform: 'Native', name };
  }
  if (platform === 'superset') {
    if (!uuid) throw new CliInputError('--uuid is required with --platform superset');
    if (!UUID.test(uuid)) throw new CliInputError(`--uuid: "${uuid}" is not a UUID`);
    const embedded_url = embedded === undefined ? undefined : httpUrl(embedded, 'embedded-url');
    return { platform: 'Superset', dashboard_uuid: uuid, dashboard_url: url, embedded_url, name };
  }
  if (platform === 'looker') {
    if (uuid !== undefined) throw new CliInputError('--uuid does not apply to --platform looker');
    if (embedded === undefined || !embedded.startsWith(LOOKER_EMBED_PREFIX)) {
      throw new CliInputError(`--embedded-url must start with ${LOOKER_EMBED_PREFIX}`);
    }
    return {
      platform: 'Looker Studio',
      embedded_url: httpUrl(embedded, 'embedded-url'),
      dashboard_url: url,
      name,
    };
  }
  throw new CliInputError(`--platform must be native, superset, looker or none, got "${platform}"`);
}

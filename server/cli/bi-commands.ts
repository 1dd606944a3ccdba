import type { Config } from '../config';
import type { Db } from '../db/types';
import { BI_VIEWS, BiRoleError, dropBiRole, ensureBiRole } from '../bi/role';
import { getWorkspace } from '../repos/workspaces';
import type { BiCommand } from './bi-parse';
import { CliInputError } from './flag-values';

// bi:role: the connection details of a workspace's read-only BI role, its password shown once.

interface BiCommandDeps {
  db: Db;
  config: Config;
}

/** Host and port as the server reaches PostgreSQL; a BI tool elsewhere may need another name. */
function endpoint(config: Config) {
  const url = new URL(config.databaseUrl ?? 'postgres://localhost');
  return { host: url.hostname || 'localhost', port: url.port || '5432' };
}

async function run(command: BiCommand, { db, config }: BiCommandDeps): Promise<string[]> {
  const { workspaceId, role } = command;
  if (!(await getWorkspace(db, workspaceId))) {
    throw new CliInputError(`--workspace ${workspaceId}: no such workspace`);
  }
  if (command.drop) {
    await dropBiRole(db, workspaceId, role);
    return [`workspace ${workspaceId}: BI role ${role} dropped`];
  }
  const result = await ensureBiRole(db, workspaceId, role);
  const { host, port } = endpoint(config);
  return [
    `workspace ${workspaceId}: BI role ${role} ${result.created ? 'created' : 'given a new password'}; ` +
      `it reads only workspace ${workspaceId}'s rows of ${BI_VIEWS.join(', ')}`,
    `host\t${host}`,
    `port\t${port}`,
    `database\t${result.database}`,
    `user\t${role}`,
    `password\t${result.password}`,
    'The password is shown this once; bi:role again replaces it.',
  ];
}

export async function runBiCommand(command: BiCommand, deps: BiCommandDeps): Promise<string[]> {
  try {
    return await run(command, deps);
  } catch (error) {
    if (error instanceof BiRoleError) throw new CliInputError(error.message);
    throw error;
  }
}

import type { Config } from '../config';
import type { Db } from '../db/types';
import { notifyQueued } from '../outbound/forwarder';
import { listSubscriptions, recordsOfUser } from '../repos/reports';
import { getWorkspace } from '../repos/workspaces';
import { lastCompletePeriods, periodsHolding } from '../reports/figures';
import { queueReportCopy } from '../reports/queue';
import { formatPeriod } from '../../common/reports';
import { CliInputError } from './flag-values';
import type { ReportCommand } from './report-parse';

// reports:list and reports:send, for an operator.

interface ReportCommandDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
}

async function list(db: Db, workspaceId: number): Promise<string[]> {
  const subscriptions = await listSubscriptions(db, workspaceId, null);
  if (subscriptions.length === 0) return [`workspace ${workspaceId}: no report subscriptions`];
  return subscriptions.map((s) => {
    const filters =
      s.mailboxes.length > 0
        ? `mailboxes ${s.mailboxes.join(',')}`
        : s.teams.length > 0
          ? `teams ${s.teams.map((team) => team.name).join(',')}`
          : 'all';
    return [s.email, s.frequency, filters, s.last_sent ?? 'never', s.next_due].join('\t');
  });
}

async function send(
  { db, config }: ReportCommandDeps,
  command: Extract<ReportCommand, { name: 'reports:send' }>,
): Promise<string[]> {
  const records = await recordsOfUser(db, command.workspaceId, command.email);
  if (records.length === 0) {
    throw new CliInputError(
      `--email ${command.email}: no report subscription in workspace ${command.workspaceId}`,
    );
  }
  const now = new Date();
  const lines: string[] = [];
  for (const record of records) {
    const periods = command.period
      ? await periodsHolding(db, command.workspaceId, record.frequency, command.period, now)
      : {
          ...(await lastCompletePeriods(db, command.workspaceId, record.frequency, now)),
          complete: true,
        };
    const label = `${record.frequency} report for ${formatPeriod(periods.period.from, periods.period.to)}`;
    if (!periods.complete) {
      throw new CliInputError(`--period ${command.period}: the ${label} has not ended yet`);
    }
    const payload = await queueReportCopy(db, record, periods, {
      now,
      publicUrl: config.publicUrl,
    });
    lines.push(
      payload
        ? `queued the ${label} to ${record.email}`
        : `not sent: the ${label} covers no mailbox ${record.email} may see`,
    );
  }
  notifyQueued(db);
  return lines;
}

export async function runReportCommand(
  command: ReportCommand,
  deps: ReportCommandDeps,
): Promise<string[]> {
  if (!(await getWorkspace(deps.db, command.workspaceId))) {
    throw new CliInputError(`--workspace ${command.workspaceId}: no such workspace`);
  }
  return command.name === 'reports:list' ? list(deps.db, command.workspaceId) : send(deps, command);
}

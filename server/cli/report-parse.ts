import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliInputError, email, workspaceId } from './flag-values';

// The report commands' flags, checked before the database opens.

export type ReportCommand =
  | { name: 'reports:list'; workspaceId: number }
  | { name: 'reports:send'; workspaceId: number; email: string; period: string | null };

export const REPORT_USAGE = `Scheduled email reports:

  reports:list   --workspace ID
                 one tab-separated line per subscription: recipient, frequency, filters,
                 last sent, next due
  reports:send   --workspace ID --email x@acme.example [--period YYYY-MM-DD]
                 queues that person's reports now, for the period holding the date (default:
                 the last complete period); copies, not counted as the scheduled ones`;

const NAMES = ['reports:list', 'reports:send'] as const;

export const isReportCommandName = (name: string | undefined): name is ReportCommand['name'] =>
  (NAMES as readonly (string | undefined)[]).includes(name);

function day(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !date.toISOString().startsWith(value)) {
    throw new CliInputError(`--period must be a date (YYYY-MM-DD), got "${value}"`);
  }
  return value;
}

export function parseReportCommand(argv: readonly string[]): ReportCommand {
  const [name, ...args] = argv;
  if (!isReportCommandName(name)) throw new CliInputError(`unknown command "${name}"`);
  let values: { workspace?: string; email?: string; period?: string };
  try {
    const text = { type: 'string' } as const;
    const options: ParseArgsConfig['options'] =
      name === 'reports:send'
        ? { workspace: text, email: text, period: text }
        : { workspace: text };
    values = parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliInputError(`${name}: ${(error as Error).message}`);
  }
  const id = workspaceId({ workspace: values.workspace });
  if (name === 'reports:list') return { name, workspaceId: id };
  if (!values.email?.trim()) throw new CliInputError('--email is required');
  return {
    name,
    workspaceId: id,
    email: email(values.email, 'email'),
    period: values.period === undefined ? null : day(values.period.trim()),
  };
}

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliInputError, required, workspaceId, type Flags } from './flag-values';

// The company-holiday commands' flags, checked before the database opens.

export type HolidayCommand =
  | { name: 'holidays:add'; workspaceId: number; date: string; lastDate: string; holiday: string }
  | {
      name: 'holidays:import';
      workspaceId: number;
      country: string;
      region: string | null;
      fromYear: number;
      toYear: number;
    }
  | { name: 'holidays:list'; workspaceId: number }
  | { name: 'holidays:remove'; workspaceId: number; date: string };

export const HOLIDAY_USAGE = `Company holidays (closed days that business time skips, from the next daily rebuild):

  holidays:add     --workspace ID --date YYYY-MM-DD [--to YYYY-MM-DD] --name NAME
  holidays:import  --workspace ID --country CC [--region RR] --from-year YYYY --to-year YYYY
                   the country's public holidays (whole days); dates already taken are kept
  holidays:list    --workspace ID   tab-separated: date, last date, name, source
  holidays:remove  --workspace ID --date YYYY-MM-DD   the holiday starting on that date`;

const FLAGS = {
  'holidays:add': ['workspace', 'date', 'to', 'name'],
  'holidays:import': ['workspace', 'country', 'region', 'from-year', 'to-year'],
  'holidays:list': ['workspace'],
  'holidays:remove': ['workspace', 'date'],
} as const;

type Name = keyof typeof FLAGS;

export const isHolidayCommandName = (name: string | undefined): name is Name =>
  name !== undefined && Object.hasOwn(FLAGS, name);

/** A date that exists on the calendar, as YYYY-MM-DD. */
function date(value: string, flag: string): string {
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
  if (!valid) throw new CliInputError(`--${flag}: "${value}" is not a date (YYYY-MM-DD)`);
  return value;
}

function year(value: string, flag: string): number {
  if (!/^\d{4}$/.test(value) || Number(value) < 1970 || Number(value) > 2100) {
    throw new CliInputError(`--${flag} must be a year from 1970 to 2100, got "${value}"`);
  }
  return Number(value);
}

function code(value: string | undefined, flag: string, pattern: RegExp, what: string) {
  if (value === undefined) return null;
  const normal = value.trim().toUpperCase();
  if (!pattern.test(normal)) throw new CliInputError(`--${flag} must be ${what}, got "${value}"`);
  return normal;
}

function readFlags(name: Name, args: string[]): Flags {
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    FLAGS[name].map((flag) => [flag, { type: 'string' }] as const),
  );
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Flags;
  } catch (error) {
    throw new CliInputError(`${name}: ${(error as Error).message}`);
  }
}

export function parseHolidayCommand(argv: readonly string[]): HolidayCommand {
  const [name, ...args] = argv;
  if (!isHolidayCommandName(name)) throw new CliInputError(`unknown command "${name}"`);
  const flags = readFlags(name, args);
  const id = workspaceId(flags);
  switch (name) {
    case 'holidays:add': {
      const first = date(required(flags, 'date'), 'date');
      const last = flags.to === undefined ? first : date(flags.to, 'to');
      if (last < first) throw new CliInputError(`--to ${last} is before --date ${first}`);
      const holiday = required(flags, 'name');
      if (holiday.length > 100) throw new CliInputError('--name must be at most 100 characters');
      return { name, workspaceId: id, date: first, lastDate: last, holiday };
    }
    case 'holidays:import': {
      const country = code(
        required(flags, 'country'),
        'country',
        /^[A-Z]{2}$/,
        'a two-letter country code',
      );
      const region = code(flags.region, 'region', /^[A-Z0-9]{1,3}$/, 'a region code (MD, CA, BY)');
      const fromYear = year(required(flags, 'from-year'), 'from-year');
      const toYear = year(required(flags, 'to-year'), 'to-year');
      return { name, workspaceId: id, country: country ?? '', region, fromYear, toYear };
    }
    case 'holidays:list':
      return { name, workspaceId: id };
    case 'holidays:remove':
      return { name, workspaceId: id, date: date(required(flags, 'date'), 'date') };
  }
}

import type { Db, Queryable } from '../db/types';
import { importedHolidays } from '../domain/holidays';
import { HttpError } from '../http/errors';
import { addHolidays, findHoliday, listHolidays, removeHoliday } from '../repos/holidays';
import { getWorkspace } from '../repos/workspaces';
import { CliInputError } from './flag-values';
import type { HolidayCommand } from './holiday-parse';

// The company-holiday commands, each in one transaction: a refusal (exit 2) changes nothing.

const FLAG_OF: Record<string, string> = {
  country: '--country',
  region: '--region',
  to_year: '--to-year',
  from_year: '--from-year',
};

/** A rule's 400 ("country: …") as the CLI's refusal naming the flag ("--country: …"). */
function asCliError(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400) return error;
  const [field = '', ...rest] = error.message.split(':');
  const flag = FLAG_OF[field];
  return new CliInputError(flag ? `${flag}:${rest.join(':')}` : error.message);
}

const span = (date: string, last: string) => (date === last ? date : `${date} to ${last}`);

async function run(tx: Queryable, command: HolidayCommand): Promise<string[]> {
  const { workspaceId } = command;
  if (!(await getWorkspace(tx, workspaceId))) {
    throw new CliInputError(`--workspace ${workspaceId}: no such workspace`);
  }
  const prefix = `workspace ${workspaceId}:`;
  switch (command.name) {
    case 'holidays:add': {
      const same = await findHoliday(tx, workspaceId, command.date);
      if (same) {
        throw new CliInputError(
          `--date ${command.date}: "${same.name}" already starts on that date (holidays:remove it first)`,
        );
      }
      const holiday = { date: command.date, last_date: command.lastDate, name: command.holiday };
      await addHolidays(tx, workspaceId, [{ ...holiday, source: 'manual' }]);
      return [`${prefix} added holiday ${span(holiday.date, holiday.last_date)} "${holiday.name}"`];
    }
    case 'holidays:import': {
      const { country, region, fromYear, toYear } = command;
      const existing = await listHolidays(tx, workspaceId);
      const adding = await importedHolidays({ country, region, fromYear, toYear }, null, existing);
      const added = await addHolidays(tx, workspaceId, adding);
      const calendar = region ? `${country}-${region}` : country;
      return [
        ...added.map((h) => `${prefix} added holiday ${span(h.date, h.last_date)} "${h.name}"`),
        `${prefix} imported ${added.length} holidays of ${calendar} for ${fromYear}–${toYear}`,
      ];
    }
    case 'holidays:list':
      return (await listHolidays(tx, workspaceId)).map(
        (h) => `${h.date}\t${h.last_date}\t${h.name}\t${h.source}`,
      );
    case 'holidays:remove': {
      const removed = await removeHoliday(tx, workspaceId, command.date);
      if (!removed)
        throw new CliInputError(`--date ${command.date}: no holiday starts on that date`);
      return [
        `${prefix} removed holiday ${span(removed.date, removed.last_date)} "${removed.name}"`,
      ];
    }
  }
}

export async function runHolidayCommand(db: Db, command: HolidayCommand): Promise<string[]> {
  try {
    return await db.transaction((tx) => run(tx, command));
  } catch (error) {
    throw asCliError(error);
  }
}

import type { Holiday, HolidayCandidate, HolidayCountry } from '../../src/api/types';
import { describe, expect } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type {
  ImportQuery,
  ImportResult,
  NewHolidayInput,
} from '../../src/machines/business-hours/holidays.actors';
import { createHolidaysMachine } from '../../src/machines/business-hours/holidays.machine';
import { importView } from '../../src/machines/business-hours/holidays.view';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// Path tests prove the states are reachable; these check what a user notices: which rows are
// ticked, what Save and Preview send, the guards that keep them disabled, and what a failure says.

const checks = transitionChecks();
const holidays = createHolidaysMachine(offlineClient);

const CHRISTMAS: Holiday = {
  date: '2026-12-25',
  last_date: '2026-12-25',
  name: 'Christmas Day',
  source: 'manual',
};
const COUNTRIES: HolidayCountry[] = [
  { code: 'DE', name: 'Germany', regions: [{ code: 'BY', name: 'Bavaria' }] },
  { code: 'ES', name: 'Spain', regions: [] },
];
const row = (date: string, name: string, suggested = true, existing: string | null = null) =>
  ({ date, last_date: date, name, suggested, existing }) satisfies HolidayCandidate;
const PREVIEW = [
  row('2027-01-01', 'New Year'),
  row('2027-01-06', 'Epiphany'),
  row('2026-12-24', 'Christmas Eve', false),
  row('2026-12-25', 'Christmas Day', true, 'Christmas Day'),
];

interface Calls {
  added: NewHolidayInput[];
  previewed: ImportQuery[];
  imported: (ImportQuery & { dates?: string[] })[];
  removed: string[];
  notices: string[];
  countryLoads: number;
}

function start(options: { failAdd?: boolean; failRemove?: boolean } = {}) {
  const calls: Calls = {
    added: [],
    previewed: [],
    imported: [],
    removed: [],
    notices: [],
    countryLoads: 0,
  };
  const machine = createHolidaysMachine(offlineClient, () => new Date('2026-11-25T12:00:00Z'));
  const provided = machine.provide({
    actors: {
      loadHolidays: fromPromise<Holiday[]>(() => Promise.resolve([CHRISTMAS])),
      addHoliday: fromPromise<Holiday[], NewHolidayInput>(({ input }) => {
        calls.added.push(input);
        if (options.failAdd) {
          const message = 'date: Christmas Day already starts on 2026-12-25; remove it first.';
          return Promise.reject(new ApiFailure({ kind: 'invalid', message }));
        }
        return Promise.resolve([
          { ...CHRISTMAS, ...input, last_date: input.last_date ?? input.date },
        ]);
      }),
      removeHoliday: fromPromise<void, { date: string }>(({ input }) => {
        calls.removed.push(input.date);
        if (options.failRemove)
          return Promise.reject(new ApiFailure({ kind: 'network', message: 'offline' }));
        return Promise.resolve();
      }),
      loadCountries: fromPromise<HolidayCountry[]>(() => {
        calls.countryLoads++;
        return Promise.resolve(COUNTRIES);
      }),
      previewHolidays: fromPromise<HolidayCandidate[], ImportQuery>(({ input }) => {
        calls.previewed.push(input);
        return Promise.resolve(PREVIEW);
      }),
      importHolidays: fromPromise<ImportResult, ImportQuery & { dates?: string[] }>(({ input }) => {
        calls.imported.push(input);
        return Promise.resolve({ holidays: [CHRISTMAS], added: input.dates?.length ?? 0 });
      }),
    },
    actions: {
      notifyAdded: () => calls.notices.push('added'),
      notifyImported: (_, params: { added: number }) =>
        calls.notices.push(`imported ${params.added}`),
      notifyRemoved: () => calls.notices.push('removed'),
      notifyRemoveFailed: () => calls.notices.push('remove failed'),
    },
  });
  const actor = createActor(provided).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const idle = (actor: Actor) => waitFor(actor, (s) => s.matches({ ready: 'idle' }));

async function reviewing(actor: Actor) {
  await idle(actor);
  actor.send({ type: 'IMPORT' });
  await waitFor(actor, (s) => s.matches({ ready: { importing: 'choosing' } }));
  actor.send({ type: 'EDIT_IMPORT', patch: { country: 'DE', region: 'BY' } });
  actor.send({ type: 'PREVIEW' });
  await waitFor(actor, (s) => s.matches({ ready: { importing: 'reviewing' } }));
}

describe('company holidays: adding by hand', () => {
  checks.it(
    holidays,
    ['startAdding', 'editHoliday', 'canAdd'],
    'keeps Save disabled for a date that does not exist or a range ending before it starts',
    async () => {
      const { actor, calls } = start();
      await idle(actor);
      actor.send({ type: 'ADD' });
      actor.send({ type: 'EDIT_HOLIDAY', patch: { date: '2026-02-30', name: 'Nowhere' } });
      expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
      actor.send({ type: 'EDIT_HOLIDAY', patch: { date: '2026-12-28', lastDate: '2026-12-27' } });
      expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
      actor.send({ type: 'EDIT_HOLIDAY', patch: { name: '   ' } });
      actor.send({ type: 'EDIT_HOLIDAY', patch: { lastDate: '2026-12-31' } });
      expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
      expect(calls.added).toEqual([]);
    },
  );

  checks.it(
    holidays,
    ['canAdd', 'assignHolidays', 'notifyAdded'],
    'sends a single day without last_date and a trimmed name, then lists the reply',
    async () => {
      const { actor, calls } = start();
      await idle(actor);
      actor.send({ type: 'ADD' });
      actor.send({ type: 'EDIT_HOLIDAY', patch: { date: '2026-12-31', lastDate: '2026-12-31' } });
      actor.send({ type: 'EDIT_HOLIDAY', patch: { name: '  New Year’s Eve ' } });
      actor.send({ type: 'SAVE' });
      await idle(actor);
      expect(calls.added).toEqual([
        { date: '2026-12-31', last_date: null, name: 'New Year’s Eve' },
      ]);
      expect(actor.getSnapshot().context.holidays.map((h) => h.date)).toEqual(['2026-12-31']);
      expect(calls.notices).toEqual(['added']);
    },
  );

  checks.it(
    holidays,
    ['assignError', 'editHoliday'],
    'keeps the dialog open with the server’s sentence when the date is taken',
    async () => {
      const { actor } = start({ failAdd: true });
      await idle(actor);
      actor.send({ type: 'ADD' });
      actor.send({ type: 'EDIT_HOLIDAY', patch: { date: '2026-12-25', name: 'Xmas' } });
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches({ ready: { adding: 'editing' } }));
      expect(actor.getSnapshot().context.error).toBe(
        'date: Christmas Day already starts on 2026-12-25; remove it first.',
      );
      actor.send({ type: 'EDIT_HOLIDAY', patch: { date: '2026-12-26' } });
      expect(actor.getSnapshot().context.error).toBeNull();
    },
  );
});

describe('company holidays: importing', () => {
  checks.it(
    holidays,
    ['startImport', 'assignCountries', 'editImport', 'canPreview'],
    'starts on this year and the next, and a new country drops the region',
    async () => {
      const { actor } = start();
      await idle(actor);
      actor.send({ type: 'IMPORT' });
      await waitFor(actor, (s) => s.matches({ ready: { importing: 'choosing' } }));
      expect(actor.getSnapshot().context.importDraft).toEqual({
        country: '',
        region: '',
        fromYear: 2026,
        toYear: 2027,
      });
      expect(actor.getSnapshot().can({ type: 'PREVIEW' })).toBe(false);
      actor.send({ type: 'EDIT_IMPORT', patch: { country: 'DE', region: 'BY' } });
      actor.send({ type: 'EDIT_IMPORT', patch: { country: 'ES' } });
      expect(actor.getSnapshot().context.importDraft.region).toBe('');
      actor.send({ type: 'EDIT_IMPORT', patch: { fromYear: 2026, toYear: 2036 } });
      expect(actor.getSnapshot().can({ type: 'PREVIEW' })).toBe(false);
    },
  );

  checks.it(
    holidays,
    ['hasCountries'],
    'opens a second import on the countries already loaded',
    async () => {
      const { actor, calls } = start();
      await idle(actor);
      actor.send({ type: 'IMPORT' });
      await waitFor(actor, (s) => s.matches({ ready: { importing: 'choosing' } }));
      actor.send({ type: 'CLOSE' });
      actor.send({ type: 'IMPORT' });
      expect(importView(actor.getSnapshot())).toMatchObject({
        step: 'choosing',
        countries: COUNTRIES,
      });
      expect(calls.countryLoads).toBe(1);
    },
  );

  checks.it(
    holidays,
    ['assignPreview', 'toggleRow', 'hasTicked', 'notifyImported'],
    'ticks the suggested free rows; a taken date cannot be ticked; Save sends the ticked',
    async () => {
      const { actor, calls } = start();
      await reviewing(actor);
      expect(calls.previewed).toEqual([
        { country: 'DE', region: 'BY', from_year: 2026, to_year: 2027 },
      ]);
      expect(actor.getSnapshot().context.ticked).toEqual(['2027-01-01', '2027-01-06']);
      actor.send({ type: 'TOGGLE_ROW', date: '2027-01-06' });
      actor.send({ type: 'TOGGLE_ROW', date: '2026-12-24' });
      actor.send({ type: 'SAVE' });
      await idle(actor);
      expect(calls.imported).toEqual([
        {
          country: 'DE',
          region: 'BY',
          from_year: 2026,
          to_year: 2027,
          dates: ['2027-01-01', '2026-12-24'],
        },
      ]);
      expect(calls.notices).toEqual(['imported 2']);
    },
  );

  checks.it(
    holidays,
    ['toggleAll', 'hasTicked'],
    'toggles every free row at once, and with none ticked Save is disabled',
    async () => {
      const { actor } = start();
      await reviewing(actor);
      actor.send({ type: 'TOGGLE_ALL' });
      expect(actor.getSnapshot().context.ticked).toEqual([
        '2027-01-01',
        '2027-01-06',
        '2026-12-24',
      ]);
      actor.send({ type: 'TOGGLE_ALL' });
      expect(actor.getSnapshot().context.ticked).toEqual([]);
      expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
    },
  );
});

describe('company holidays: removing', () => {
  checks.it(
    holidays,
    ['assignRemoving', 'dropRemoved', 'notifyRemoved'],
    'drops the row once the server removed it',
    async () => {
      const { actor, calls } = start();
      await idle(actor);
      actor.send({ type: 'REMOVE', date: '2026-12-25' });
      await idle(actor);
      expect(calls.removed).toEqual(['2026-12-25']);
      expect(actor.getSnapshot().context.holidays).toEqual([]);
      expect(calls.notices).toEqual(['removed']);
    },
  );

  checks.it(
    holidays,
    ['clearRemoving', 'notifyRemoveFailed'],
    'keeps the row and says so when the removal fails',
    async () => {
      const { actor, calls } = start({ failRemove: true });
      await idle(actor);
      actor.send({ type: 'REMOVE', date: '2026-12-25' });
      await waitFor(actor, () => calls.notices.length > 0);
      expect(actor.getSnapshot().context.holidays).toEqual([CHRISTMAS]);
      expect(actor.getSnapshot().context.removing).toBeNull();
      expect(calls.notices).toEqual(['remove failed']);
    },
  );
});

checks.keep();

import { describe, expect } from 'vitest';
import { waitFor } from 'xstate';
import { importView } from '../../src/machines/business-hours/holidays.view';
import { transitionChecks } from './support/checks';
import {
  COUNTRIES,
  holidays,
  type HolidaysActor as Actor,
  idle,
  startHolidays as start,
} from './support/holidays';

// Path tests prove the states are reachable; these check what a user notices when importing a
// country's holidays: which rows are ticked, what Preview and Save send and the guards that keep
// them disabled. Adding by hand and removing are in holidays.add-remove.transitions.test.ts.

const checks = transitionChecks();

async function reviewing(actor: Actor) {
  await idle(actor);
  actor.send({ type: 'IMPORT' });
  await waitFor(actor, (s) => s.matches({ ready: { importing: 'choosing' } }));
  actor.send({ type: 'EDIT_IMPORT', patch: { country: 'DE', region: 'BY' } });
  actor.send({ type: 'PREVIEW' });
  await waitFor(actor, (s) => s.matches({ ready: { importing: 'reviewing' } }));
}

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

checks.keep();

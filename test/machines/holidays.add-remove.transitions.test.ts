import { describe, expect } from 'vitest';
import { waitFor } from 'xstate';
import { transitionChecks } from './support/checks';
import { CHRISTMAS, holidays, idle, startHolidays as start } from './support/holidays';

// Path tests prove the states are reachable; these check what a user notices when adding a
// holiday by hand or removing one: what Save sends, the guard that keeps it disabled, and what a
// failure says. Importing a country's holidays is in holidays.import.transitions.test.ts.

const checks = transitionChecks();

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

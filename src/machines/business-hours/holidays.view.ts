import type { SnapshotFrom } from 'xstate';
import {
  canAddHoliday,
  canPreview,
  holidayProblems,
  importProblems,
  regionsOf,
  tickable,
} from './holidays.draft';
import type { HolidaysMachine } from './holidays.machine';

// What the holidays card and its two dialogs show of a snapshot of the holidays machine.

type Snapshot = SnapshotFrom<HolidaysMachine>;

/** The import dialog's step: choosing the country and years, then reviewing its holidays. */
type ImportStep = 'loading' | 'choosing' | 'previewing' | 'reviewing' | 'saving';

function importStep(snapshot: Snapshot): ImportStep | null {
  const steps = ['choosing', 'previewing', 'reviewing', 'saving'] as const;
  if (!snapshot.matches({ ready: 'importing' })) return null;
  if (snapshot.matches({ ready: { importing: 'loadingCountries' } })) return 'loading';
  return steps.find((step) => snapshot.matches({ ready: { importing: step } })) ?? null;
}

/** The card: its load state, the list, which dialog is open and the holiday being removed. */
export const holidaysView = (snapshot: Snapshot) => ({
  status: snapshot.matches('loading')
    ? ('loading' as const)
    : snapshot.matches('failed')
      ? ('failed' as const)
      : ('ready' as const),
  holidays: snapshot.context.holidays,
  adding: snapshot.matches({ ready: 'adding' }),
  importing: snapshot.matches({ ready: 'importing' }),
  removing: snapshot.context.removing,
});

/** The add dialog: the form, what keeps it from saving, and the server's refusal. */
export const addHolidayView = (snapshot: Snapshot) => ({
  draft: snapshot.context.draft,
  problems: holidayProblems(snapshot.context.draft),
  canSave:
    snapshot.matches({ ready: { adding: 'editing' } }) && canAddHoliday(snapshot.context.draft),
  saving: snapshot.hasTag('saving'),
  error: snapshot.context.error,
});

/** The import dialog: its step, the country and years, and the preview rows with their ticks. */
export const importView = (snapshot: Snapshot) => {
  const { importDraft, countries, preview, ticked, error } = snapshot.context;
  const step = importStep(snapshot);
  return {
    step,
    draft: importDraft,
    countries: countries ?? [],
    regions: regionsOf(countries ?? [], importDraft.country),
    problems: importProblems(importDraft),
    canPreview: step === 'choosing' && canPreview(importDraft),
    rows: preview,
    ticked,
    allTicked: ticked.length > 0 && ticked.length === tickable(preview).length,
    canSave: step === 'reviewing' && ticked.length > 0,
    saving: step === 'saving',
    error,
  };
};

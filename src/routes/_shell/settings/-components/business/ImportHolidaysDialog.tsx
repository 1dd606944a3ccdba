import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { HolidaysMachine } from '@/machines/business-hours/holidays.machine';
import { importView } from '@/machines/business-hours/holidays.view';
import { sameView } from '@/machines/shared/same-view';
import { FormError } from '@/ui/Field';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { ImportPreview } from './ImportPreview';

type Actor = ActorRefFrom<HolidaysMachine>;

const FORM_ID = 'import-holidays-form';
const YEARS = Array.from({ length: 21 }, (_, i) => new Date().getFullYear() - 10 + i).map(
  (year) => ({ value: String(year), label: String(year) }),
);

const YEARS_MESSAGE = 'Choose up to ten years, the last one not before the first.';

function ChooseCountry({ actor }: { actor: Actor }) {
  const { draft, countries, regions, problems } = useSelector(actor, importView, sameView);
  const edit = (patch: Partial<typeof draft>) => actor.send({ type: 'EDIT_IMPORT', patch });
  return (
    <form
      id={FORM_ID}
      className="holiday-form"
      aria-label="Country and years"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'PREVIEW' });
      }}
    >
      <Select
        label="Country"
        required
        placeholder="Choose a country"
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
        value={draft.country}
        onChange={(event) => edit({ country: event.target.value })}
      />
      {regions.length > 0 && (
        <Select
          label="Region"
          hint="Regional holidays are added to the national ones."
          options={[
            { value: '', label: 'The whole country' },
            ...regions.map((r) => ({ value: r.code, label: r.name })),
          ]}
          value={draft.region}
          onChange={(event) => edit({ region: event.target.value })}
        />
      )}
      <div className="holiday-form-dates">
        <Select
          label="From"
          options={YEARS}
          value={String(draft.fromYear)}
          onChange={(event) => edit({ fromYear: Number(event.target.value) })}
        />
        <Select
          label="To"
          options={YEARS}
          value={String(draft.toYear)}
          error={problems.badYears ? YEARS_MESSAGE : undefined}
          onChange={(event) => edit({ toYear: Number(event.target.value) })}
        />
      </div>
    </form>
  );
}

function Footer({ actor }: { actor: Actor }) {
  const view = useSelector(actor, importView, sameView);
  const close = () => actor.send({ type: 'CLOSE' });
  if (view.step === 'reviewing' || view.step === 'saving') {
    const count = view.ticked.length;
    return (
      <>
        <Button
          variant="secondary"
          disabled={view.saving}
          onClick={() => actor.send({ type: 'BACK' })}
        >
          Back
        </Button>
        <Button
          busy={view.saving}
          disabled={!view.canSave}
          onClick={() => actor.send({ type: 'SAVE' })}
        >
          {count === 1 ? 'Import 1 holiday' : `Import ${count} holidays`}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      <Button
        type="submit"
        form={FORM_ID}
        busy={view.step === 'previewing'}
        busyLabel="Loading..."
        disabled={!view.canPreview}
      >
        Preview
      </Button>
    </>
  );
}

/** Imports a country's public holidays: choose the country and years, then untick any. */
export function ImportHolidaysDialog({ actor }: { actor: Actor }) {
  const { step, error } = useSelector(actor, importView, sameView);
  const reviewing = step === 'reviewing' || step === 'saving';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) actor.send({ type: 'CLOSE' });
      }}
      title="Import public holidays"
      description={
        reviewing
          ? 'Untick the days your team works. Nothing is saved until you import.'
          : "A country's public holidays over whole years, shown before they are saved."
      }
      size="large"
      footer={<Footer actor={actor} />}
    >
      {step === 'loading' && (
        <div className="holiday-loading">
          <Spinner label="Loading countries" />
        </div>
      )}
      {(step === 'choosing' || step === 'previewing') && <ChooseCountry actor={actor} />}
      {reviewing && <ImportPreview actor={actor} />}
      <FormError>{error}</FormError>
    </Dialog>
  );
}

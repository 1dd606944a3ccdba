import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { HolidaysMachine } from '@/machines/business-hours/holidays.machine';
import { addHolidayView } from '@/machines/business-hours/holidays.view';
import { sameView } from '@/machines/shared/same-view';
import { FormError } from '@/ui/Field';
import { DateInput } from '@/ui/DateInput';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';
import { TextInput } from '@/ui/TextInput';

const FORM_ID = 'add-holiday-form';

const RANGE_MESSAGE = 'The last day must be on or after the first.';

/** Adds one closed day, or a range, by hand. */
export function AddHolidayDialog({ actor }: { actor: ActorRefFrom<HolidaysMachine> }) {
  const { draft, problems, canSave, saving, error } = useSelector(actor, addHolidayView, sameView);
  const edit = (patch: Partial<typeof draft>) => actor.send({ type: 'EDIT_HOLIDAY', patch });
  const close = () => actor.send({ type: 'CLOSE' });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Add holiday"
      description="A day or a range of days when your team is closed."
      footer={
        <DialogActions
          form={FORM_ID}
          busy={saving}
          canSubmit={canSave}
          submitLabel="Add holiday"
          onCancel={close}
        />
      }
    >
      <form
        id={FORM_ID}
        className="holiday-form"
        aria-label="New holiday"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SAVE' });
        }}
      >
        <TextInput
          label="Name"
          required
          maxLength={100}
          placeholder="Christmas closure"
          value={draft.name}
          onChange={(event) => edit({ name: event.target.value })}
        />
        <div className="holiday-form-dates">
          <DateInput
            label="First day"
            required
            value={draft.date}
            onChange={(date) => edit({ date })}
          />
          <DateInput
            label="Last day"
            hint="Leave it empty for a single day."
            min={draft.date || undefined}
            value={draft.lastDate}
            error={problems.badRange && draft.date !== '' ? RANGE_MESSAGE : undefined}
            onChange={(lastDate) => edit({ lastDate })}
          />
        </div>
        <FormError>{error}</FormError>
      </form>
    </Dialog>
  );
}

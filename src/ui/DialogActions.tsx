import { Button } from './Button';

interface DialogActionsProps {
  /** While saving: Saving... (or Removing... for danger) on the submit button, Cancel disabled. */
  busy: boolean;
  /** Replaces Saving... while busy, e.g. Sending... */
  busyLabel?: string;
  /** The modal's rules allow a submit (e.g. `state.can({ type: 'SUBMIT' })`). */
  canSubmit?: boolean;
  submitLabel: string;
  variant?: 'primary' | 'danger';
  onCancel: () => void;
}

type SubmitProps =
  /** Submits the modal's form (by id), so that Enter in it and the button do the same. */
  { form: string; onSubmit?: never } | { form?: never; onSubmit: () => void };

/** Cancel and the submit button, at the foot of every modal that saves. */
export function DialogActions({
  busy,
  busyLabel,
  canSubmit = true,
  submitLabel,
  variant = 'primary',
  onCancel,
  form,
  onSubmit,
}: DialogActionsProps & SubmitProps) {
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        variant={variant}
        busy={busy}
        busyLabel={busyLabel}
        disabled={!canSubmit}
        onClick={onSubmit}
      >
        {submitLabel}
      </Button>
    </>
  );
}

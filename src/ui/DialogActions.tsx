import { Button } from './Button';

interface DialogActionsProps {
  /** While saving: Saving... (or Removing... for danger) on the submit button, Cancel disabled. */
  busy: boolean;
  /** The modal's rules allow a submit (e.g. `state.can({ type: 'SUBMIT' })`). */
  canSubmit?: boolean;
  submitLabel: string;
  variant?: 'primary' | 'danger';
  onCancel: () => void;
  onSubmit: () => void;
}

/** Cancel and the submit button, at the foot of every modal that saves. */
export function DialogActions({
  busy,
  canSubmit = true,
  submitLabel,
  variant = 'primary',
  onCancel,
  onSubmit,
}: DialogActionsProps) {
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button variant={variant} busy={busy} disabled={!canSubmit} onClick={onSubmit}>
        {submitLabel}
      </Button>
    </>
  );
}

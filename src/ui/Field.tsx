import { useId, type ReactNode } from 'react';
import './forms.css';

export interface FieldMessages {
  /** Visible label; pass `hideLabel` to keep it for screen readers only. */
  label?: string;
  hideLabel?: boolean;
  /** Helper text under the control. */
  hint?: ReactNode;
  /** Error text under the control; also marks the control invalid. */
  error?: ReactNode;
  /** A mark after the label; the control itself says `aria-required`. */
  required?: boolean;
}

interface FieldProps extends FieldMessages {
  id: string;
  children: ReactNode;
}

/** A label's class; a required field's label gets the mark (drawn by CSS, out of its name). */
export const labelClass = (required: boolean | undefined) =>
  required ? 'field-label field-label-required' : 'field-label';

/** Ids of the hint and error texts, for the control's aria-describedby. */
export function describedBy(id: string, { hint, error }: FieldMessages): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * Splits a form control's props into its Field's, the control's id and aria attributes, and the
 * rest for the control. `aria-required`, not the native attribute: the form says what is
 * missing, not a browser bubble.
 */
export function useFieldControl<P extends FieldMessages & { id?: string }>({
  label,
  hideLabel,
  hint,
  error,
  required,
  id,
  ...rest
}: P) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return {
    field: { id: controlId, label, hideLabel, hint, error, required },
    control: {
      id: controlId,
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(controlId, { hint, error }),
    },
    rest,
  };
}

/** Label, control and messages laid out the same way for every form control. */
export function Field({ id, label, hideLabel, hint, error, required, children }: FieldProps) {
  return (
    <div className="field">
      {label && (
        <label htmlFor={id} className={hideLabel ? 'visually-hidden' : labelClass(required)}>
          {label}
        </label>
      )}
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's own error (a failed save or import), under its fields, read out when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="field-error" role="alert">
      {children}
    </p>
  );
}

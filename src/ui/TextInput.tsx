import { useId, type InputHTMLAttributes } from 'react';
import { Field, describedBy, type FieldMessages } from './Field';

interface TextInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldMessages {}

export function TextInput({
  label,
  hideLabel,
  hint,
  error,
  required,
  id,
  className,
  type = 'text',
  ...rest
}: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field
      id={inputId}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      required={required}
    >
      <input
        id={inputId}
        type={type}
        className={className ? `input ${className}` : 'input'}
        // Not the native attribute: the form says what is missing, not a browser bubble.
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        {...rest}
      />
    </Field>
  );
}

import { useId, type InputHTMLAttributes } from 'react';
import { Field, describedBy, type FieldMessages } from './Field';

interface TextInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldMessages {}

export function TextInput({
  label,
  hideLabel,
  hint,
  error,
  id,
  className,
  type = 'text',
  ...rest
}: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hideLabel={hideLabel} hint={hint} error={error}>
      <input
        id={inputId}
        type={type}
        className={className ? `input ${className}` : 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        {...rest}
      />
    </Field>
  );
}

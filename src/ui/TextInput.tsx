import type { InputHTMLAttributes } from 'react';
import { Field, useFieldControl, type FieldMessages } from './Field';

interface TextInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldMessages {}

export function TextInput({ className, type = 'text', ...props }: TextInputProps) {
  const { field, control, rest } = useFieldControl(props);
  return (
    <Field {...field}>
      <input
        {...control}
        type={type}
        className={className ? `input ${className}` : 'input'}
        {...rest}
      />
    </Field>
  );
}

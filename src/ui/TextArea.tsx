import { useId, type TextareaHTMLAttributes } from 'react';
import { Field, describedBy, type FieldMessages } from './Field';
import './TextArea.css';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldMessages {}

/** A multi-line text field with the same label and messages as TextInput. */
export function TextArea({ label, hideLabel, hint, error, id, className, ...rest }: TextAreaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hideLabel={hideLabel} hint={hint} error={error}>
      <textarea
        id={inputId}
        className={className ? `input textarea ${className}` : 'input textarea'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        {...rest}
      />
    </Field>
  );
}

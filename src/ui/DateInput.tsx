import type { InputHTMLAttributes } from 'react';
import type { FieldMessages } from './Field';
import { TextInput } from './TextInput';
import './DateInput.css';

interface DateInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'onChange'>, FieldMessages {
  /** YYYY-MM-DD, or empty. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A calendar day: the native date control (keyboard entry, the platform's picker, a screen
 * reader's date announcements) with our field chrome and calendar icon instead of the browser's.
 */
export function DateInput({ value, onChange, className, ...rest }: DateInputProps) {
  return (
    <TextInput
      {...rest}
      type="date"
      className={className ? `date-input ${className}` : 'date-input'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

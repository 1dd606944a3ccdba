import type { SelectHTMLAttributes } from 'react';
import { Field, useFieldControl, type FieldMessages } from './Field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'multiple'>, FieldMessages {
  options: readonly SelectOption[];
  /** Options under group headings (`<optgroup>`), after `options`. */
  groups?: readonly { label: string; options: readonly SelectOption[] }[];
  /** Shown as a disabled first option while no value is chosen. */
  placeholder?: string;
}

export function Select({ className, options, groups = [], placeholder, ...props }: SelectProps) {
  const { field, control, rest } = useFieldControl(props);
  return (
    <Field {...field}>
      <span className={className ? `select ${className}` : 'select'}>
        <select {...control} {...rest}>
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map(optionOf)}
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map(optionOf)}
            </optgroup>
          ))}
        </select>
      </span>
    </Field>
  );
}

const optionOf = (option: SelectOption) => (
  <option key={option.value} value={option.value} disabled={option.disabled}>
    {option.label}
  </option>
);

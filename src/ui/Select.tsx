import { useId, type SelectHTMLAttributes } from 'react';
import { Field, describedBy, type FieldMessages } from './Field';

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

export function Select({
  label,
  hideLabel,
  hint,
  error,
  required,
  id,
  className,
  options,
  groups = [],
  placeholder,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <Field
      id={selectId}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      required={required}
    >
      <span className={className ? `select ${className}` : 'select'}>
        <select
          id={selectId}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, { hint, error })}
          {...rest}
        >
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

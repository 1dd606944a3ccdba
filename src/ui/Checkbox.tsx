import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './forms.css';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label?: ReactNode;
  /** Mixed state, e.g. a select-all box when only some rows are selected. */
  indeterminate?: boolean;
}

export function Checkbox({ label, indeterminate = false, id, className, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  // `indeterminate` exists only as a DOM property, so it is set through the ref on every render.
  const syncIndeterminate = (element: HTMLInputElement | null) => {
    if (element) element.indeterminate = indeterminate;
  };
  return (
    <span className={className ? `checkbox ${className}` : 'checkbox'}>
      <input ref={syncIndeterminate} id={inputId} type="checkbox" {...rest} />
      {label && <label htmlFor={inputId}>{label}</label>}
    </span>
  );
}

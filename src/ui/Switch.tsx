import { useId, type ReactNode } from 'react';
import './Switch.css';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  disabled?: boolean;
}

/** An on/off toggle: a button with the switch role, so Space and Enter flip it. */
export function Switch({ checked, onCheckedChange, label, hideLabel, disabled }: SwitchProps) {
  const labelId = useId();
  return (
    <span className="switch-field">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        className="switch"
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : 'switch-label'}>
        {label}
      </span>
    </span>
  );
}

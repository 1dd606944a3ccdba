import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './Spinner';
import './Button.css';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
  className?: string;
}

/** Class names of a button, for links and anchors that must look like one. */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  block = false,
  className,
}: ButtonStyleOptions = {}): string {
  return ['btn', `btn-${variant}`, `btn-${size}`, block && 'btn-block', className]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** While true the button is disabled and shows `busyLabel` with a spinner. */
  busy?: boolean;
  /** Defaults to the spec's texts: Removing... for danger buttons, Saving... otherwise. */
  busyLabel?: string;
  /** Leading icon. */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'medium',
  block,
  className,
  busy = false,
  busyLabel,
  icon,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const label = busyLabel ?? (variant === 'danger' ? 'Removing...' : 'Saving...');
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="small" color="currentColor" label={label} /> : icon}
      {busy ? <span aria-hidden="true">{label}</span> : children}
    </button>
  );
}

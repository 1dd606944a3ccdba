import './Spinner.css';

type SpinnerSize = 'small' | 'medium' | 'large';

const SIZE_PX: Record<SpinnerSize, number> = { small: 16, medium: 24, large: 40 };

interface SpinnerProps {
  /** A named size or a pixel value; defaults to large. */
  size?: SpinnerSize | number;
  /** Any CSS colour; defaults to the brand blue. */
  color?: string;
  /** Accessible name announced by screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({
  size = 'large',
  color = 'var(--color-brand)',
  label = 'Loading',
  className,
}: SpinnerProps) {
  const px = typeof size === 'number' ? size : SIZE_PX[size];
  return (
    <span
      role="status"
      aria-label={label}
      className={className ? `spinner ${className}` : 'spinner'}
      data-size={typeof size === 'number' ? 'custom' : size}
      style={{ color, width: px, height: px }}
    >
      <svg viewBox="0 0 50 50" width={px} height={px} aria-hidden="true" focusable="false">
        <circle className="spinner-track" cx="25" cy="25" r="20" fill="none" strokeWidth="5" />
        <circle className="spinner-arc" cx="25" cy="25" r="20" fill="none" strokeWidth="5" />
      </svg>
    </span>
  );
}

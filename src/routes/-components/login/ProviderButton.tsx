import type { ReactNode } from 'react';
import { buttonClassName } from '@/ui/Button';
import { clearLoginErrorFlag } from './login-error-flag';

interface ProviderButtonProps {
  href: string;
  logo: ReactNode;
  label: string;
  /** Why the provider cannot be used here; the button is then disabled and says so. */
  unavailable: string | null;
}

/** Continue with Google or Microsoft: a full navigation, or a disabled button with its reason. */
export function ProviderButton({ href, logo, label, unavailable }: ProviderButtonProps) {
  const className = buttonClassName({ variant: 'secondary', size: 'large', block: true });
  if (unavailable === null) {
    return (
      <a className={className} href={href} onClick={clearLoginErrorFlag}>
        {logo}
        {label}
      </a>
    );
  }
  const reasonId = `${href.replace(/\W+/g, '-')}-reason`;
  return (
    <div className="login-provider-off">
      <button type="button" className={className} disabled aria-describedby={reasonId}>
        {logo}
        {label}
      </button>
      <p id={reasonId} className="login-provider-reason">
        {unavailable}
      </p>
    </div>
  );
}

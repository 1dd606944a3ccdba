import type { ReactNode } from 'react';
import { AlertCircleIcon, InfoIcon } from './icons';
import './Notice.css';

/** A boxed message inside a form: a warning to heed, or an error that blocks saving. */
export function Notice({ tone, children }: { tone: 'warning' | 'danger'; children: ReactNode }) {
  const Icon = tone === 'danger' ? AlertCircleIcon : InfoIcon;
  return (
    <p className={`notice notice-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon size={18} />
      <span>{children}</span>
    </p>
  );
}

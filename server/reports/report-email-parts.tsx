import type { CSSProperties, ReactNode } from 'react';
import { Heading, Text } from '@react-email/components';
import { token } from './email-tokens';

// The report email's shared pieces: inline styles (what Outlook and Gmail read) and card titles.

export const text = (size: number, color = token('--color-text')): CSSProperties => ({
  margin: 0,
  fontSize: `${size}px`,
  lineHeight: 1.45,
  color,
});

export const card: CSSProperties = {
  backgroundColor: token('--color-surface'),
  border: `1px solid ${token('--color-border')}`,
  borderRadius: token('--radius-lg'),
  padding: '24px',
  marginTop: '16px',
};

export const th: CSSProperties = {
  ...text(11, token('--color-text-subtle')),
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  textAlign: 'left',
  padding: '0 8px 8px 0',
  borderBottom: `1px solid ${token('--color-border')}`,
};
export const td: CSSProperties = {
  ...text(13),
  padding: '10px 8px 10px 0',
  borderBottom: `1px solid ${token('--color-border')}`,
  verticalAlign: 'top',
};
export const number: CSSProperties = { ...td, textAlign: 'right', whiteSpace: 'nowrap' };

export function CardTitle({ children, note }: { children: ReactNode; note?: string }) {
  return (
    <>
      <Heading as="h2" style={{ ...text(16), fontWeight: 600 }}>
        {children}
      </Heading>
      {note && (
        <Text style={{ ...text(13, token('--color-text-muted')), marginTop: '2px' }}>{note}</Text>
      )}
    </>
  );
}

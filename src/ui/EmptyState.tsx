import type { ReactNode } from 'react';
import './EmptyState.css';

interface EmptyStateProps {
  /** Decorative icon, shown in a soft circle above the title. */
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** A button or link, e.g. Create my first alert or Clear search. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page's outline. */
  headingLevel?: 2 | 3;
  /** Colour of the icon circle: brand for invitations, danger for failures. */
  tone?: 'brand' | 'danger';
}

export function EmptyState({
  icon,
  title,
  text,
  action,
  headingLevel = 2,
  tone = 'brand',
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="empty-state">
      {icon && (
        <div className={`empty-state-icon empty-state-icon-${tone}`} aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="empty-state-title">{title}</Heading>
      {text && <p className="empty-state-text">{text}</p>}
      {action && <div className="empty-state-action">{action}</div>}
    </section>
  );
}

import type { ReactNode } from 'react';
import './Page.css';

/** Content column of a page inside the shell: padding and a readable max width. */
export function Page({ children }: { children: ReactNode }) {
  return <div className="page">{children}</div>;
}

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Right-aligned buttons, e.g. Create a new alert. */
  actions?: ReactNode;
  /** h1 for a page's own title, h2 for a section under a layout's h1. */
  level?: 1 | 2;
}

export function PageHeader({ title, subtitle, actions, level = 1 }: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className="page-header">
      <div className="page-header-text">
        <Heading className={`page-title page-title-${level}`}>{title}</Heading>
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="page-header-actions">{actions}</div>}
    </header>
  );
}

/** White rounded surface for tables, forms and states. */
export function Card({ children }: { children: ReactNode }) {
  return <div className="card">{children}</div>;
}

import type { ReactNode } from 'react';
import './MessagePage.css';

interface MessagePageProps {
  illustration: ReactNode;
  title: ReactNode;
  text: ReactNode;
  actions?: ReactNode;
  /** Fill the whole viewport (pages shown without the shell). */
  fullHeight?: boolean;
}

/** Centred illustration, heading, text and actions: not-found, access-denied, maintenance. */
export function MessagePage({ illustration, title, text, actions, fullHeight }: MessagePageProps) {
  // Inside the shell the page already has a <main>; a standalone page provides its own.
  const Tag = fullHeight ? 'main' : 'section';
  return (
    <Tag className={fullHeight ? 'message-page message-page-full' : 'message-page'}>
      {illustration}
      <h1 className="message-page-title">{title}</h1>
      <p className="message-page-text">{text}</p>
      {actions && <div className="message-page-actions">{actions}</div>}
    </Tag>
  );
}

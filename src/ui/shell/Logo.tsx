import './Logo.css';

/** Mailpulse mark (an envelope with a pulse line) and wordmark. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect className="logo-mark-bg" width="32" height="32" rx="9" />
        <path className="logo-mark-line" d="M7 17h4.5l2.5-6 4 11 2.5-5H25" />
      </svg>
      <span className="logo-text">Mailpulse</span>
    </span>
  );
}

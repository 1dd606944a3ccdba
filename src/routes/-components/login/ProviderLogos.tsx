import './ProviderLogos.css';

export function GoogleLogo() {
  return (
    <svg className="provider-logo" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        className="google-blue"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z"
      />
      <path
        className="google-green"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path
        className="google-yellow"
        d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z"
      />
      <path
        className="google-red"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

export function MicrosoftLogo() {
  return (
    <svg className="provider-logo" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect className="ms-red" x="1" y="1" width="10.5" height="10.5" />
      <rect className="ms-green" x="12.5" y="1" width="10.5" height="10.5" />
      <rect className="ms-blue" x="1" y="12.5" width="10.5" height="10.5" />
      <rect className="ms-yellow" x="12.5" y="12.5" width="10.5" height="10.5" />
    </svg>
  );
}

/** The company's own sign-in (OpenID Connect): a key, in the text's colour. */
export function KeyLogo() {
  return (
    <svg
      className="provider-logo provider-logo-key"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="M10.7 12.3 20 3m-4 4 3 3m-5.5-.5 2.5 2.5" />
    </svg>
  );
}

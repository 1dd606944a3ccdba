// The providers' documented failures in words a person can act on. The probe (and so the
// add-mailboxes page) and the sync's last error show these sentences; tests import them.

export const GOOGLE_FAILURES = {
  /** Token endpoint `invalid_grant` "Invalid email or User ID" (or "Not a valid email"). */
  unknownMailbox:
    "Google Workspace doesn't know this mailbox: check the address, and that the user exists and is active.",
  /** Token endpoint `unauthorized_client`, or the API's 403 "Delegation denied". */
  delegationDenied:
    'The service account may not read this mailbox: in the Google Admin console, grant its client ID domain-wide delegation for the scope https://www.googleapis.com/auth/gmail.metadata.',
  /** API 400 `failedPrecondition` "Mail service not enabled". */
  mailNotEnabled:
    'Gmail is turned off for this user: turn the Gmail service on for them in the Google Admin console.',
  /** API 403 `accessNotConfigured`: the Gmail API is off in the service account's project. */
  apiDisabled:
    "The Gmail API is turned off in the service account's Google Cloud project: enable it under APIs & Services, wait a few minutes, and try again.",
  /** Token endpoint `invalid_grant` "Invalid JWT Signature", or `invalid_client`. */
  keyRefused:
    "Google refused the service account's key: it was deleted or replaced. Create a new key and set it with mail:google.",
} as const;

export const MICROSOFT_FAILURES = {
  /** 404 `ErrorInvalidUser`. */
  unknownMailbox: "Microsoft 365 doesn't know this mailbox: check the address.",
  /** 404 `MailboxNotEnabledForRESTAPI`. */
  notEnabled:
    'This user has no Exchange Online mailbox (no Exchange licence, or a mailbox kept on premises), so Microsoft 365 cannot share its mail.',
  /** 403 `ErrorAccessDenied`. */
  accessDenied:
    'The Mailpulse app may not read this mailbox: grant it the application permissions Mail.ReadBasic.All and MailboxSettings.Read with admin consent, and if an administrator limits the app to some mailboxes, include this one.',
  /** Token endpoint AADSTS7000215 (`invalid_client`). */
  secretRefused:
    "Microsoft refused the app's client secret: it is wrong or has expired. Create a new secret and set it with mail:microsoft.",
  /** Token endpoint AADSTS700016 (`unauthorized_client`). */
  unknownApp:
    "Microsoft doesn't know the app's client ID in this tenant: check the client ID and the tenant set with mail:microsoft.",
  /** Token endpoint AADSTS90002 (`invalid_request`). */
  unknownTenant: "Microsoft doesn't know this tenant: check the tenant set with mail:microsoft.",
} as const;

/** A provider's error body as the connectors read it: a code, a reason and a message. */
interface ProviderErrorBody {
  /** Token endpoints' `error`, Graph's `error.code`, Google's `error.status`. */
  code: string;
  /** Google's `error.errors[0].reason`. */
  reason: string;
  /** `error_description` or `error.message`. */
  message: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Reads the OAuth (`{error, error_description}`), Google and Graph (`{error: {…}}`) shapes. */
export function readErrorBody(body: unknown): ProviderErrorBody {
  const outer = record(body);
  if (typeof outer.error === 'string') {
    return { code: outer.error, reason: '', message: text(outer.error_description) };
  }
  const inner = record(outer.error);
  const first = Array.isArray(inner.errors) ? record(inner.errors[0]) : {};
  return {
    code: text(inner.code) || text(inner.status),
    reason: text(first.reason),
    message: text(inner.message),
  };
}

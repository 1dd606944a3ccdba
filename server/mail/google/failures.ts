// Google's documented refusals in words a person can act on. The probe (and so the add-mailboxes
// page) and the sync's last error show these sentences; tests import them.

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

// Microsoft's documented refusals in words a person can act on. The probe (and so the
// add-mailboxes page) and the sync's last error show these sentences; tests import them.

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

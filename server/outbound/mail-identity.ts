// What every email the outbox sends shares: a Message-ID on the sender's own domain.

/** The domain of MAIL_FROM (`Mailpulse <alerts@acme.example>` → `acme.example`). */
export function messageIdDomain(mailFrom: string): string {
  return /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'mailpulse.invalid';
}

import { createTransport } from 'nodemailer';
import type { Config } from '../config';
import { describeError, type Channel } from '../outbound/forwarder';
import { messageIdDomain } from '../outbound/mail-identity';
import type { ClaimedRequest } from '../repos/outbound-requests';
import type { SyncAlertPayload } from './check';
import { htmlText, mailboxesLink, plainText, subjectOf } from './notification';

// The admins' emails about mailboxes that stopped syncing leave through the outbox as alert
// emails do: claimed under a lease, retried with backoff, one Message-ID per row across its
// attempts, so a receiver can recognise a repeat after a crash between its acceptance and our
// commit.

/** The sync-alert channel; none without SMTP_URL (the rows wait in the outbox). */
export function syncAlertChannels(config: Pick<Config, 'alerts' | 'publicUrl'>): Channel[] {
  const { smtpUrl, mailFrom } = config.alerts;
  if (!smtpUrl) return [];
  const transport = createTransport(smtpUrl);
  const domain = messageIdDomain(mailFrom);
  const link = mailboxesLink(config.publicUrl);
  return [
    {
      kinds: ['sync_alert_email'],
      async send(row: ClaimedRequest) {
        const payload = row.payload as SyncAlertPayload;
        try {
          await transport.sendMail({
            from: mailFrom,
            to: payload.to,
            subject: subjectOf(payload),
            text: plainText(payload, link),
            html: htmlText(payload, link),
            messageId: `<sync-alert-${row.workspace_id}-${row.request_id}@${domain}>`,
            date: new Date(payload.checked_at),
            // RFC 3834: a notification that lands in a tracked mailbox is not a customer's email.
            headers: { 'Auto-Submitted': 'auto-generated' },
          });
          return null;
        } catch (error) {
          return describeError(error);
        }
      },
    },
  ];
}

import { createTransport } from 'nodemailer';
import type { Config } from '../config';
import { describeError, type Channel } from '../outbound/forwarder';
import { messageIdDomain } from '../outbound/mail-identity';
import type { ClaimedRequest } from '../repos/outbound-requests';
import type { ReportPayload } from './render';

// Report emails leave through the outbox like alert emails: claimed under a lease, retried with
// backoff, given up at the next period's send time (a report is not sent late).

/**
 * The Message-ID's left part: one per (subscription, period) for the scheduled report, so a
 * repeat after a crash between the SMTP server's acceptance and our commit can be recognised;
 * a copy sent on request gets its own.
 */
function deliveryId(row: ClaimedRequest, payload: ReportPayload): string {
  const base = `report-${row.workspace_id}-${payload.subscription_id}-${payload.period.from}`;
  return payload.on_demand ? `${base}-copy-${row.request_id}` : base;
}

/** The headers a report carries besides the usual ones. */
function reportHeaders(payload: ReportPayload): Record<string, string> {
  return {
    // RFC 3834: generated mail, so no auto-reply answers it.
    'Auto-Submitted': 'auto-generated',
    'X-Auto-Response-Suppress': 'OOF, AutoReply',
    // RFC 2369 and RFC 8058: the mail client's own Unsubscribe button posts to the link.
    'List-Unsubscribe': `<${payload.unsubscribe_url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The report channel; none without SMTP_URL (the rows wait in the outbox). */
export function reportChannels(config: Pick<Config, 'alerts'>): Channel[] {
  const { smtpUrl, mailFrom } = config.alerts;
  if (!smtpUrl) return [];
  const transport = createTransport(smtpUrl);
  const domain = messageIdDomain(mailFrom);
  return [
    {
      kinds: ['report_email'],
      async send(row) {
        const payload = row.payload as ReportPayload;
        try {
          await transport.sendMail({
            from: mailFrom,
            to: payload.to,
            subject: payload.subject,
            text: payload.text,
            html: payload.html,
            messageId: `<${deliveryId(row, payload)}@${domain}>`,
            date: new Date(payload.rendered_at),
            headers: reportHeaders(payload),
          });
          return null;
        } catch (error) {
          return describeError(error);
        }
      },
    },
  ];
}

import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { describeError, postJson, type Channel } from '../outbound/forwarder';
import { messageIdDomain } from '../outbound/mail-identity';
import type { OutboundGuard } from '../outbound/safe-target';
import type { ClaimedRequest } from '../repos/outbound-requests';
import {
  dashboardLink,
  htmlText,
  plainText,
  subjectOf,
  webhookBody,
  type AlertPayload,
} from './notification';
import { signature, webhookSecret } from './webhook-secret';

// The two channels of alert notifications in the shared outbox. An email row keeps one
// Message-ID across its attempts (and a webhook row one delivery id), so a receiver that already
// has a repeat after a crash between its acknowledgement and our commit can recognise it.

type DeliveryConfig = Pick<Config, 'alerts' | 'publicUrl'>;

/** The stable identity of an outbox row, used as Message-ID and webhook delivery id. */
const deliveryId = (row: ClaimedRequest) => `alert-${row.workspace_id}-${row.request_id}`;

function emailChannel(config: DeliveryConfig, transport: Transporter): Channel {
  return {
    kinds: ['alert_email'],
    async send(row) {
      const payload = row.payload as AlertPayload;
      const link = dashboardLink(config.publicUrl, payload);
      try {
        await transport.sendMail({
          from: config.alerts.mailFrom,
          to: payload.to,
          subject: subjectOf(payload),
          text: plainText(payload, link),
          html: htmlText(payload, link),
          messageId: `<${deliveryId(row)}@${messageIdDomain(config.alerts.mailFrom)}>`,
          date: new Date(payload.evaluated_at),
          // RFC 3834: a notification that lands in a tracked mailbox is not a customer's email.
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        return null;
      } catch (error) {
        return describeError(error);
      }
    },
  };
}

function webhookChannel(config: DeliveryConfig, db: Db, guard: OutboundGuard): Channel {
  return {
    kinds: ['alert_webhook'],
    async send(row, now) {
      const payload = row.payload as AlertPayload;
      if (!payload.webhook) return 'The alert has no webhook';
      const id = deliveryId(row);
      const body = webhookBody(payload, dashboardLink(config.publicUrl, payload), id);
      const secret = await webhookSecret(db, row.workspace_id);
      const timestamp = String(Math.floor(now.getTime() / 1000));
      return postJson(guard, payload.webhook, body, {
        'x-mailpulse-timestamp': timestamp,
        'x-mailpulse-signature': signature(secret, timestamp, body),
        'x-mailpulse-delivery': id,
      });
    },
  };
}

/** The alert channels: webhooks (through the guard) always, email only when SMTP_URL is set. */
export function alertChannels(config: DeliveryConfig, db: Db, guard: OutboundGuard): Channel[] {
  const { smtpUrl } = config.alerts;
  const webhook = webhookChannel(config, db, guard);
  return smtpUrl ? [emailChannel(config, createTransport(smtpUrl)), webhook] : [webhook];
}

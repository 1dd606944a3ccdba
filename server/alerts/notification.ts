// What an alert notification says, built from the facts its outbox row holds, so every attempt
// at sending a row sends the same text.

export interface OverdueItem {
  mailbox: string;
  sender: string;
  sender_name: string;
  subject: string;
  received: string;
  waiting_minutes: number;
}

/** An alert outbox row's payload, as the evaluation writes it. */
export interface AlertPayload {
  alert_id: number;
  alert: string;
  minutes_gap: number;
  evaluated_at: string;
  to: string[];
  webhook: string | null;
  items: OverdueItem[];
}

/** The dashboard's unreplied list, where the reader acts on the notification. */
export function dashboardLink(publicUrl: string, payload: AlertPayload): string {
  const url = new URL('/dashboard', publicUrl);
  url.searchParams.set('view', 'unreplied');
  url.searchParams.set('alert', String(payload.alert_id));
  return url.toString();
}

/** `2 h 5 min`, `3 d 1 h`: business time waited. */
function formatWait(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  return hours > 0 ? `${hours} h ${rest} min` : `${rest} min`;
}

const itemLine = (item: OverdueItem) =>
  `${item.mailbox}: from ${item.sender}, "${item.subject}", received ${item.received}, ` +
  `waiting ${formatWait(item.waiting_minutes)} of business time`;

export function subjectOf(payload: AlertPayload): string {
  const n = payload.items.length;
  return `Mailpulse alert "${payload.alert}": ${n} unreplied email${n === 1 ? '' : 's'}`;
}

/** The plain text: what Slack and Teams show as the webhook's `text`, and the email's text part. */
export function plainText(payload: AlertPayload, link: string): string {
  return [
    `${subjectOf(payload)} past ${formatWait(payload.minutes_gap)} of business time.`,
    '',
    ...payload.items.map((item) => `- ${itemLine(item)}`),
    '',
    `Open the unreplied list: ${link}`,
  ].join('\n');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function htmlText(payload: AlertPayload, link: string): string {
  const rows = payload.items
    .map((item) =>
      [item.mailbox, item.sender, item.subject, item.received, formatWait(item.waiting_minutes)]
        .map((cell) => `<td>${escapeHtml(cell)}</td>`)
        .join(''),
    )
    .map((cells) => `<tr>${cells}</tr>`)
    .join('\n');
  return [
    `<p>${escapeHtml(subjectOf(payload))} past ${formatWait(payload.minutes_gap)} of business time.</p>`,
    '<table><thead><tr><th>Mailbox</th><th>Sender</th><th>Subject</th><th>Received</th>' +
      '<th>Waiting</th></tr></thead><tbody>',
    rows,
    '</tbody></table>',
    `<p><a href="${escapeHtml(link)}">Open the unreplied list</a></p>`,
  ].join('\n');
}

/** The webhook's JSON body: the same facts, and `text` for chat incoming webhooks. */
export function webhookBody(payload: AlertPayload, link: string, deliveryId: string): string {
  return JSON.stringify({
    id: deliveryId,
    alert: { id: payload.alert_id, name: payload.alert, minutes_gap: payload.minutes_gap },
    evaluated_at: payload.evaluated_at,
    dashboard_url: link,
    emails: payload.items,
    text: plainText(payload, link),
  });
}

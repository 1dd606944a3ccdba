import type { SyncAlertPayload } from './check';

// What an admin is told about a mailbox that stopped syncing, built from the facts its outbox row
// holds, so every attempt at sending a row sends the same text. The reason is the provider's own
// words and the names come from the workspace: all of it is escaped in the HTML part, and the
// subject (a header) holds no line break or other control character.

/** `2027-03-08 10:00 UTC` from an ISO instant. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Control characters (CR and LF among them) as spaces: a header value stays one line. */
const oneLine = (text: string) =>
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

export function subjectOf(payload: SyncAlertPayload): string {
  const mailbox = oneLine(payload.mailbox);
  switch (payload.event) {
    case 'failing':
      return `Mailpulse: ${mailbox} has not synced since ${utc(payload.failing_since)}`;
    case 'still_failing':
      return `Mailpulse: ${mailbox} still does not sync (since ${utc(payload.failing_since)})`;
    case 'recovered':
      return `Mailpulse: ${mailbox} syncs again`;
  }
}

/** The sentences of the email, in order; the reason is kept apart for the HTML part's quote. */
function sentences(payload: SyncAlertPayload, link: string) {
  const since = utc(payload.failing_since);
  const opening =
    payload.event === 'recovered'
      ? `The mailbox ${payload.mailbox} of ${payload.workspace}, which failed to sync from ` +
        `${since}, syncs again (seen at ${utc(payload.checked_at)}): its figures are catching up.`
      : `The mailbox ${payload.mailbox} of ${payload.workspace} has failed to sync since ${since}: ` +
        'its new mail is not counted until it syncs again.';
  const action =
    payload.event === 'recovered'
      ? `The Mailboxes tab shows its status: ${link}`
      : `The Mailboxes tab shows its status and the same reason: ${link}`;
  return { opening, action };
}

/** The Mailboxes tab, where the status and the reason are shown. */
export const mailboxesLink = (publicUrl: string) =>
  new URL('/settings/mailboxes', publicUrl).toString();

export function plainText(payload: SyncAlertPayload, link: string): string {
  const { opening, action } = sentences(payload, link);
  const reason = payload.reason === null ? [] : ['', 'The provider answered:', payload.reason];
  return [opening, ...reason, '', action].join('\n');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function htmlText(payload: SyncAlertPayload, link: string): string {
  const { opening } = sentences(payload, link);
  const reason =
    payload.reason === null
      ? []
      : ['<p>The provider answered:</p>', `<blockquote>${escapeHtml(payload.reason)}</blockquote>`];
  return [
    `<p>${escapeHtml(opening)}</p>`,
    ...reason,
    `<p><a href="${escapeHtml(link)}">Open the Mailboxes tab</a></p>`,
  ].join('\n');
}

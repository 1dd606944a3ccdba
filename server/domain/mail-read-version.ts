// The version of how the sync reads a message's headers into what it stores. Raise it with any
// change that stores other values for mail already stored: a header read that was not, a value
// read differently (decoding, the author rule). A worker then reads each mailbox stored by an
// earlier version again from its data_from at its next sync (claimDueMailboxes), and every
// stored message takes the values this version reads (upsertRows), so an upgrade's better
// reading reaches past figures without an operator running `mail:sync --again`.
//
// 1: everything up to migration 0022 and the author rules of 27 November 2026 (bounces and read
//    receipts, meeting answers, List-Unsubscribe, a null Return-Path, auto-responders' marks,
//    header text decoding, X-Original-From through a list, a web form's Reply-To).
// 2: a web form's message sent through the mailbox's own account to itself is the visitor's,
//    though its copy is in the sent folder (isToItself, server/mail/store-rows.ts).
// 3: a meeting's cancellation (a calendar part of METHOD:CANCEL, Graph's meetingCancelled),
//    migration 0029.
// 4: the Bcc of the mailbox's sent mail (Gmail's Bcc header, Graph's bccRecipients, the IMAP
//    sent copy's Bcc), migration 0031.
export const MAIL_READ_VERSION = 4;

-- Whether a message cancels a meeting (iCalendar METHOD:CANCEL, Microsoft Graph's
-- meetingCancelled): a calendar's notice that waits for no answer, so the statistics count it as
-- automated, as they count mail from noreply@, mailer-daemon@ and the like (server/stats/
-- message-class-sql.ts). Null where the provider does not say (Gmail's metadata) and for messages
-- stored before this; each mailbox is read again at its next sync (MAIL_READ_VERSION 3).
alter table messages add column meeting_cancellation boolean;
-- The sender rule needs no new reading: every workspace rebuilds at the next worker tick, so
-- past figures take it at once rather than at 00:01.
update stats_state set next_rebuild_at = now();

-- The facts take two rules from here on (server/stats/message-class-sql.ts): the mailbox's own
-- automatic answers (Auto-Submitted, an auto-responder's mark, Precedence bulk, junk or
-- auto_reply, a report) are neither replies nor sent, and a forward answers a request only when
-- it goes to the domain of the request's sender. Every workspace rebuilds at the next worker
-- tick, so past figures take them at once rather than at 00:01.
update stats_state set next_rebuild_at = now();

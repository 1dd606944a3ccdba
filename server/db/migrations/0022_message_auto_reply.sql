-- Two more signs of mail that no person wrote, for systems that add no Auto-Submitted (RFC 3834):
-- a null Return-Path (`<>`), with which every notification such as a bounce is sent (RFC 5321
-- 4.5.5), whatever its media type; and X-Autoreply, X-Autorespond or X-Autoresponder, which many
-- auto-responders add instead. The statistics count both as automated (server/stats/fact-sql.ts).
-- Only whether they are there is kept. Null for messages stored before this; `mail:sync --again`
-- reads them again.
alter table messages add column null_sender boolean, add column auto_reply boolean;

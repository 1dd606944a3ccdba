-- Which version of the sync's header reading stored a mailbox's mail (MAIL_READ_VERSION,
-- server/domain/mail-read-version.ts). A worker that claims a mailbox stored by an earlier
-- version drops its cursor, so the mailbox is read again from its data_from and every stored
-- message takes the values this version reads, as `mail:sync --again` does, without anyone
-- running it. Rows from before this migration are 0: read by every earlier version.
alter table mailbox_sync
  add column read_version integer not null default 0 check (read_version >= 0);

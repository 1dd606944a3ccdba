-- Mail as the providers keep it: every folder and label of a mailbox is read, so one message
-- can be seen in several places (a Gmail message under many labels, an IMAP copy in INBOX and
-- in Archive, a Microsoft 365 message sent to oneself in Inbox and Sent Items). It is stored
-- once per mailbox: a row is found again by its provider id or by its Message-ID.

-- Earlier syncs stored a copy per folder: keep the first row of each Message-ID of a mailbox,
-- outbound when any copy was (rule 1: in the sent folder, or from the mailbox), and move the
-- alert notifications of the others onto it before they go.
create temporary table mail_copies on commit drop as
  select workspace_id, mailbox_id, message_id,
         first_value(message_id) over same as kept,
         bool_or(direction = 'outbound') over (partition by workspace_id, mailbox_id,
                                                           message_id_header) as outbound
    from messages
   where message_id_header is not null
  window same as (partition by workspace_id, mailbox_id, message_id_header order by message_id);

insert into alert_notified (workspace_id, alert_id, mailbox_id, message_id, notified_at)
select n.workspace_id, n.alert_id, n.mailbox_id, c.kept, n.notified_at
  from alert_notified n
  join mail_copies c using (workspace_id, mailbox_id, message_id)
 where c.message_id <> c.kept
on conflict do nothing;

update messages m set direction = 'outbound'
  from mail_copies c
 where c.message_id = c.kept and c.outbound and m.direction = 'inbound'
   and m.workspace_id = c.workspace_id and m.mailbox_id = c.mailbox_id
   and m.message_id = c.message_id;

delete from messages m
 using mail_copies c
 where c.message_id <> c.kept
   and m.workspace_id = c.workspace_id and m.mailbox_id = c.mailbox_id
   and m.message_id = c.message_id;

-- The workspaces that had copies are rebuilt at once, so no figure counts a copy until 00:01.
update stats_state s set next_rebuild_at = now()
 where exists (select 1 from mail_copies c where c.workspace_id = s.workspace_id
                                              and c.message_id <> c.kept);

drop index messages_header_id_idx;
create unique index messages_header_key on messages (workspace_id, mailbox_id, message_id_header)
  where message_id_header is not null;

-- A message moved to spam or trash after it was stored is kept (moving it back restores it)
-- but set aside: 'spam' or 'trash'. It counts in no figure while set aside.
alter table messages add column set_aside text check (set_aside in ('spam', 'trash'));

-- When the lease holder last renewed it: a holder that stops renewing (killed, stopped) is
-- taken over after one renewal period, not at the end of the whole lease.
alter table mailbox_sync add column lease_renewed_at timestamptz;

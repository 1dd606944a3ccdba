-- The alert evaluation finds its messages by sender instead of scanning every message of a
-- mailbox: only counted inbound messages still without a reply can fire, so both indexes hold
-- just those. The first answers a watched address by equality; the second a watched domain by
-- a range over the sender's reversed host (`com.acme.sales` for a@sales.acme.com), in which the
-- domain and each of its subdomains sort right after the reversed domain ("C" order, bytewise).
create index stats_message_facts_unreplied_sender_idx
  on stats_message_facts (workspace_id, generation, mailbox_id, (counterparts[1]), sent_at)
  where is_counted and not is_replied;
create index stats_message_facts_unreplied_host_idx
  on stats_message_facts (workspace_id, generation, mailbox_id,
                          (reverse(split_part(counterparts[1], '@', 2)) collate "C"), sent_at)
  where is_counted and not is_replied;

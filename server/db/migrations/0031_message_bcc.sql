-- The Bcc of the mailbox's own sent mail, where the provider gives it (Gmail's Bcc header of the
-- sender's copy, Microsoft Graph's bccRecipients, the Bcc the mail client kept in the IMAP sent
-- copy): the statistics read it as a recipient like To and Cc (Internal, Sent, the reply and
-- the forward rule), so a customer in Bcc of a message To a colleague makes it external and an
-- answer. Received mail carries none (the sending server removes it, RFC 5322 3.6.3). Empty for
-- messages stored before this until their mailbox is read again (MAIL_READ_VERSION 4).
alter table messages add column bcc_addresses text[] not null default '{}';

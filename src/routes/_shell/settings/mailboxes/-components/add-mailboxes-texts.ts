/** Document 001, section 5: shown while the addresses would pass the workspace's limit. */
export const mailboxLimitText = (requested: number, remaining: number) =>
  `You're trying to add ${requested} mailboxes, but you only have ${remaining} slots remaining. Remove some mailboxes or contact your Customer Success Manager to increase your limit.`;

/** `1 mailbox`, `3 mailboxes`. */
export const mailboxCount = (count: number) => `${count} ${count === 1 ? 'mailbox' : 'mailboxes'}`;

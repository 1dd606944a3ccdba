/**
 * Local parts of the addresses machines send from and no one reads (compared ignoring case):
 * mail from one is automated, and mail only to such addresses answers nothing
 * (docs/statistics.md, definitions 4 and 6).
 */
export const AUTOMATED_LOCAL_PARTS: readonly string[] = [
  'noreply',
  'no-reply',
  'no_reply',
  'donotreply',
  'do-not-reply',
  'mailer-daemon',
  'postmaster',
];

// Limits and their messages, the same for the server and the browser app.

/** The largest PostgreSQL `integer`: a larger id or count names no row. */
export const MAX_PG_INTEGER = 2_147_483_647;

/** What a workspace that has all the alerts it may have is told; spelled as in the product. */
export const ALERT_LIMIT_MESSAGE = "You've reched your limit of alerts";

/** Team, contact-group and alert names (the contract's `maxLength`). */
export const NAME_MAX_LENGTH = 100;

/** Said under a name over the limit: it is refused, never cut. */
export const nameTooLongMessage = (length: number) =>
  `Use at most ${NAME_MAX_LENGTH} characters (this name has ${length}).`;

/** The field's hint, so the limit is known before it is reached. */
export const nameLengthHint = (length: number) => `${length} / ${NAME_MAX_LENGTH} characters`;

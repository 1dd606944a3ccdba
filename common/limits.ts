// Limits and their messages, the same for the server and the browser app.

/** The largest PostgreSQL `integer`: a larger id or count names no row. */
export const MAX_PG_INTEGER = 2_147_483_647;

/** What a workspace that has all the alerts it may have is told; spelled as in the product. */
export const ALERT_LIMIT_MESSAGE = "You've reched your limit of alerts";

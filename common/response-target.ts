// The response-time target: the business seconds within which a reply counts as on time.

/**
 * The target when a statistics call or the dashboard names none (two hours); the contract's
 * `target` parameter declares the same default.
 */
export const DEFAULT_TARGET = 7200;

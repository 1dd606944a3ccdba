import type { Reply } from './http-standin';

// What Gmail limits per user, as the stand-in enforces it: a quota of units a minute and a cap
// on calls in flight at once. Both answer as Gmail documents.

/**
 * Quota units per method, from Gmail's "Usage limits" page
 * (https://developers.google.com/gmail/api/reference/quota): getProfile 1, labels.list 1,
 * history.list 2, messages.list 5, messages.get 5. A batch of n calls counts as n calls
 * ("Batching requests": https://developers.google.com/gmail/api/guides/batch).
 */
export const QUOTA_UNITS = {
  getProfile: 1,
  'labels.list': 1,
  'history.list': 2,
  'messages.list': 5,
  'messages.get': 5,
} as const;
export type GmailMethod = keyof typeof QUOTA_UNITS;

/** "Per user rate limit: 15,000 quota units per user per minute" (Usage limits). */
export const USER_QUOTA_PER_MINUTE = 15_000;

/**
 * Google does not publish the per-user concurrency cap; "Resolve errors" says a 429 "Too many
 * concurrent requests for user" comes from "a per-user concurrent request limit", and "Batching
 * requests" that batches over 50 calls are "likely to trigger rate limiting". The stand-in lets
 * 50 calls of one user run at once: one batch of 50 passes, two at once do not.
 */
export const CONCURRENT_CALLS_PER_USER = 50;

const WINDOW_MS = 60_000;

const limitError = (code: number, message: string, reason: string, status: string): Reply => ({
  status: code,
  body: { error: { code, message, errors: [{ message, domain: 'usageLimits', reason }], status } },
});

/**
 * Over the per-user quota, Gmail answers 403 `userRateLimitExceeded` ("Resolve errors":
 * https://developers.google.com/gmail/api/guides/handle-errors, "Resolve a 403 error: User rate
 * limit exceeded").
 */
export const quotaExceeded = () =>
  limitError(403, 'User Rate Limit Exceeded', 'userRateLimitExceeded', 'PERMISSION_DENIED');

/** Too many calls of one user at once: 429 ("Resolve errors", "Resolve a 429 error"). */
export const tooManyConcurrent = () =>
  limitError(
    429,
    'Too many concurrent requests for user',
    'rateLimitExceeded',
    'RESOURCE_EXHAUSTED',
  );

/**
 * Each user's quota over a sliding minute (the older page described it as "250 quota units per
 * user per second, moving average (allows short bursts)"), on the stand-in's clock, so a test
 * can move time on instead of waiting. A refused call uses no quota.
 */
export class UserQuota {
  private readonly spent = new Map<string, { at: number; units: number }[]>();
  perMinute = USER_QUOTA_PER_MINUTE;
  /** Calls refused for the quota, by user: tests and the bench read it. */
  readonly refused = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** Charges `units` to `user`; false (nothing charged) when the minute's quota would overflow. */
  charge(user: string, units: number): boolean {
    const now = this.now();
    const recent = (this.spent.get(user) ?? []).filter((entry) => entry.at > now - WINDOW_MS);
    const used = recent.reduce((sum, entry) => sum + entry.units, 0);
    if (used + units > this.perMinute) {
      this.spent.set(user, recent);
      this.refused.set(user, (this.refused.get(user) ?? 0) + 1);
      return false;
    }
    recent.push({ at: now, units });
    this.spent.set(user, recent);
    return true;
  }
}

/** Calls in flight per user; a batch's parts each count, for as long as the batch runs. */
export class UserConcurrency {
  private readonly inFlight = new Map<string, number>();
  limit = CONCURRENT_CALLS_PER_USER;
  /** The most calls one user had in flight at once. */
  peak = 0;

  /** Takes a slot for `user`; false when the user already has `limit` calls running. */
  enter(user: string): boolean {
    const now = this.inFlight.get(user) ?? 0;
    if (now >= this.limit) return false;
    this.inFlight.set(user, now + 1);
    this.peak = Math.max(this.peak, now + 1);
    return true;
  }

  /** The calls `user` has in flight now. */
  running(user: string): number {
    return this.inFlight.get(user) ?? 0;
  }

  leave(user: string): void {
    this.inFlight.set(user, Math.max(0, (this.inFlight.get(user) ?? 0) - 1));
  }
}

import type { CloudDeps } from '../cloud-http';

// Gmail's per-user quota: 15,000 units a minute by default ("Usage limits",
// https://developers.google.com/gmail/api/reference/quota), shared by every app that reads the
// mailbox. The sync paces each mailbox's calls with a token bucket well under it, so a long
// history load runs at the quota's pace instead of running into it and backing off.

/** Units per call, from the same page; a batch of n calls costs n calls. */
export const GMAIL_UNITS = {
  getProfile: 1,
  labelsList: 1,
  historyList: 2,
  messagesList: 5,
  messagesGet: 5,
} as const;

export const DEFAULT_QUOTA_PER_MINUTE = 15_000;

/**
 * The bucket refills at 92% of the quota and holds at most 3% of it, so no sliding minute ever
 * sees more than 95% of the quota spent (3% at once, then 92% over the minute), whichever way
 * Google measures its minute; the rest is left to other apps and to retries.
 */
const PACE_SHARE = 0.92;
const BURST_SHARE = 0.03;

export class QuotaPacer {
  private readonly perMs: number;
  private readonly burst: number;
  private tokens: number;
  private last: number;

  constructor(
    quotaPerMinute: number,
    private readonly deps: CloudDeps,
  ) {
    this.perMs = (quotaPerMinute * PACE_SHARE) / 60_000;
    // At least one batch of 50 gets (250 units) must fit, or it would wait forever.
    this.burst = Math.max(quotaPerMinute * BURST_SHARE, 50 * GMAIL_UNITS.messagesGet);
    this.tokens = this.burst;
    this.last = deps.now().getTime();
  }

  /**
   * Waits until `units` may be spent, then spends them. The wait is computed, not polled, so a
   * clock that a test moves on by hand (or a sleep that returns at once) paces all the same.
   */
  async take(units: number, signal: AbortSignal): Promise<void> {
    const now = this.deps.now().getTime();
    this.tokens = Math.min(this.burst, this.tokens + Math.max(0, now - this.last) * this.perMs);
    this.last = now;
    this.tokens -= units;
    if (this.tokens >= 0) return;
    const waitMs = Math.ceil(-this.tokens / this.perMs);
    // What the wait refills is spent already: count the time as passed.
    this.last = now + waitMs;
    this.tokens = 0;
    await this.deps.sleep(waitMs, signal);
  }

  /** Google said the quota is spent (another app, a retry): start again from an empty bucket. */
  drain(): void {
    this.tokens = Math.min(this.tokens, 0);
  }
}

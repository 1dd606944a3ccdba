// The error bodies the cloud providers answer with, read one way for the Google and Microsoft
// connectors.

/** A provider's error body as the connectors read it: a code, a reason and a message. */
interface ProviderErrorBody {
  /** Token endpoints' `error`, Graph's `error.code`, Google's `error.status`. */
  code: string;
  /** Google's `error.errors[0].reason`. */
  reason: string;
  /** `error_description` or `error.message`. */
  message: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Reads the OAuth (`{error, error_description}`), Google and Graph (`{error: {…}}`) shapes. */
export function readErrorBody(body: unknown): ProviderErrorBody {
  const outer = record(body);
  if (typeof outer.error === 'string') {
    return { code: outer.error, reason: '', message: text(outer.error_description) };
  }
  const inner = record(outer.error);
  const first = Array.isArray(inner.errors) ? record(inner.errors[0]) : {};
  return {
    code: text(inner.code) || text(inner.status),
    reason: text(first.reason),
    message: text(inner.message),
  };
}

/** Every way a call can fail, discriminated by `kind`, so screens can switch on it exhaustively. */
export type ApiError =
  | { kind: 'invalid'; message: string }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'forbidden'; code: string; message: string }
  | { kind: 'not_found'; message: string }
  | { kind: 'unavailable'; message: string }
  | { kind: 'server'; status: number; message: string; requestId: string | undefined }
  | { kind: 'network'; message: string };

/** Thrown by `expectData`, so `fromPromise` actors hand the machine a typed error. */
export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ApiFailure';
  }
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  request_id?: unknown;
}

function bodyText(body: unknown, fallback: string): string {
  const message = (body as ErrorBody | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

export function toApiError(status: number, body: unknown): ApiError {
  const message = bodyText(body, `The server answered ${status}.`);
  const code = (body as ErrorBody | undefined)?.error;
  switch (status) {
    case 400:
    case 409:
    case 422:
      return { kind: 'invalid', message };
    case 401:
      return { kind: 'unauthorized', message };
    case 403:
      return { kind: 'forbidden', code: typeof code === 'string' ? code : 'forbidden', message };
    case 404:
      return { kind: 'not_found', message };
    case 503:
      return { kind: 'unavailable', message };
    default: {
      const requestId = (body as ErrorBody | undefined)?.request_id;
      return {
        kind: 'server',
        status,
        message,
        requestId: typeof requestId === 'string' ? requestId : undefined,
      };
    }
  }
}

export const isApiFailure = (error: unknown): error is ApiFailure => error instanceof ApiFailure;

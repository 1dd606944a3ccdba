/** Errors a handler throws on purpose; the one error handler turns them into `Error` replies. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const unauthorized = (
  message = 'Sign in again: the token is missing, expired or revoked.',
) => new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);

/**
 * A failure of a browser navigation (sign-in): the error handler renders it as a small page with
 * this title and message and a link back to the login page.
 */
export class HtmlPageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

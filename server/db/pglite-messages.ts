// What the server and the embedded database's thread say to each other (server/db/pglite.ts).

/** One statement (or, without parameters, a script) to run, or the request to close. */
export type PgliteRequest =
  | { kind: 'query'; text: string; params?: readonly unknown[] }
  | { kind: 'close' }
  /** A tar of the data folder, after a checkpoint; the one row is its bytes. */
  | { kind: 'dump' };

/** A request as it travels, numbered in the order it was sent. */
export type PgliteCall = PgliteRequest & { id: number };

/** The rows of the call with this id, or its error's message and fields. Id 0: the opening. */
export type PgliteReply =
  | { ok: true; id: number; rows: unknown[] }
  | { ok: false; id: number; message: string; fields: Record<string, string | number> };

import { gzipSync } from 'node:zlib';
import { keptPerObject } from '../kept-per-object';

// Cached replies (the statistics, the users list) are sent again and again: their bytes are
// gzipped once, beside the plain ones, and go out compressed to every client that accepts gzip,
// as browsers do. A 365-day time series or the 5,000-user list is many times smaller on the wire.

/** Bodies smaller than this go out as they are: gzip's header and a packet would not pay. */
export const MIN_GZIP_BYTES = 1024;

/**
 * Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3): `gzip` or `*` with a
 * weight above zero, and no `gzip;q=0` refusing it.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weighted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return weighted;
    if (name === '*') star = weighted;
  }
  return star;
}

/** The gzip of cached bytes, made on first use and kept as long as the bytes are. */
export const gzipOnce = keptPerObject((bytes: Buffer) => gzipSync(bytes));

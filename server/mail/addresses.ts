// Header values as mail carries them: encoded words (RFC 2047), Message-IDs and media types
// (RFC 2045); address lists are read in address-list.ts.

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

function wordBytes(encoding: string, text: string): Buffer {
  if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64');
  return Buffer.from(
    text
      .replace(/_/g, ' ')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
}

function decodeBytes(charset: string, bytes: Buffer): string {
  try {
    // `utf-8*en`: RFC 2231 adds a language after the charset.
    return new TextDecoder(charset.split('*')[0]).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** RFC 5322 2.2.3: a line break before white space goes, wherever a provider left one. */
export const unfold = (value: string) => value.replace(/\r?\n(?=[ \t])/g, '');

/**
 * A header value unfolded, with `=?UTF-8?B?…?=` words decoded; white space between adjacent
 * encoded words dropped. Adjacent words of one charset are decoded as one run of bytes:
 * RFC 2047 asks each word to hold whole characters, but mailers split long subjects inside one.
 */
export function decodeMimeWords(value: string): string {
  const joined = unfold(value).replace(/(\?=)\s+(=\?)/g, '$1$2');
  let decoded = '';
  let at = 0;
  let run: { charset: string; bytes: Buffer[] } | null = null;
  const flush = () => {
    if (run) decoded += decodeBytes(run.charset, Buffer.concat(run.bytes));
    run = null;
  };
  for (const match of joined.matchAll(ENCODED_WORD)) {
    const [word, charset = '', encoding = '', text = ''] = match;
    if (match.index > at) {
      flush();
      decoded += joined.slice(at, match.index);
    }
    if (run?.charset.toLowerCase() !== charset.toLowerCase()) flush();
    run ??= { charset, bytes: [] };
    run.bytes.push(wordBytes(encoding, text));
    at = match.index + word.length;
  }
  flush();
  return decoded + joined.slice(at);
}

/**
 * The longest id taken: a Message-ID is never folded (RFC 5322 3.6.4), so it fits on a line of
 * 998 characters (2.1.1). A longer one is hostile, and too long for the indexes the store keeps
 * of ids (a btree entry holds at most 2,704 bytes): its insert would fail the batch each retry.
 */
const MAX_ID_BYTES = 996;

const BARE_ID = /^[^\s<>@"(),;]+@[^\s<>@"(),;]+$/;

/**
 * Message-IDs of a Message-ID, In-Reply-To or References header, as `<id>` tokens in order.
 * White space a mailer folded into an id is dropped. Some mailers write ids without the angle
 * brackets RFC 5322 3.6.4 asks for; where a value has no bracketed id, its `left@right` words
 * are taken as ids, so that a reply written with brackets still finds them.
 */
export function parseMessageIds(value: string | null): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>]+)>/g)]
    .map((match) => (match[1] ?? '').replace(/\s+/g, ''))
    .filter((id) => id !== '');
  const ids =
    bracketed.length > 0 ? bracketed : value.split(/[\s,]+/).filter((word) => BARE_ID.test(word));
  return ids.filter((id) => Buffer.byteLength(id) <= MAX_ID_BYTES).map((id) => `<${id}>`);
}

const TOKEN = "[a-z0-9!#$%&'*+.^_`|~-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/**
 * A Content-Type's media type (`multipart/report`), lower-cased, without its comments and
 * parameters (RFC 2045 5.1); null when the value names none.
 */
export function mediaType(value: string | null): string | null {
  if (value === null) return null;
  const [type = ''] = unfold(value)
    .replace(/\([^()]*\)/g, '')
    .split(';');
  const bare = type.replace(/\s+/g, '').toLowerCase();
  return MEDIA_TYPE.test(bare) ? bare : null;
}

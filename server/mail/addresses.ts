// Header values as mail carries them: address lists (RFC 5322 3.4), encoded words (RFC 2047),
// Message-IDs and media types (RFC 2045).

export interface ParsedAddress {
  /** Lower-cased. */
  address: string;
  name: string;
}

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
const unfold = (value: string) => value.replace(/\r?\n(?=[ \t])/g, '');

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

/** Splits on commas outside quotes, angle brackets and comments; a group's `name:` and `;` go. */
function splitList(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let depth = 0;
  let angle = false;
  for (let i = 0; i < value.length; i += 1) {
    const char = value.charAt(i);
    if (char === '\\' && quoted) {
      current += char + value.charAt(i + 1);
      i += 1;
      continue;
    }
    if (char === '"' && depth === 0) quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')' && depth > 0) depth -= 1;
    else if (!quoted && depth === 0 && char === '<') angle = true;
    else if (!quoted && depth === 0 && char === '>') angle = false;
    if (!quoted && depth === 0 && !angle && (char === ',' || char === ';' || char === ':')) {
      // A group's display name ends at ':'; only keep what came before when it is an address.
      if (char !== ':') parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/**
 * A display name as people read it: comments (outside quotes) dropped, quotes and their
 * backslash escapes undone. Parentheses inside quotes are part of the name: `"Ana (Acme)"`.
 */
function displayName(raw: string): string {
  let name = '';
  let quoted = false;
  let depth = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw.charAt(i);
    if (char === '\\' && (quoted || depth > 0)) {
      if (depth === 0) name += raw.charAt(i + 1);
      i += 1;
    } else if (quoted) {
      if (char === '"') quoted = false;
      else name += char;
    } else if (char === '(') depth += 1;
    else if (depth > 0) {
      if (char === ')') depth -= 1;
    } else if (char === '"') quoted = true;
    else name += char;
  }
  return name.replace(/\s+/g, ' ').trim();
}

function parseOne(part: string): ParsedAddress | null {
  const angled = /^(.*)<([^<>]*)>\s*(?:\(.*\))?$/s.exec(part);
  if (angled) {
    const address = (angled[2] ?? '').trim().toLowerCase();
    if (!address.includes('@')) return null;
    return { address, name: decodeMimeWords(displayName(angled[1] ?? '')) };
  }
  const comment = /\(([^)]*)\)/.exec(part);
  const address = part
    .replace(/\([^)]*\)/g, '')
    .trim()
    .toLowerCase();
  if (!address.includes('@') || /\s/.test(address)) return null;
  return { address, name: comment ? decodeMimeWords(comment[1] ?? '').trim() : '' };
}

/** Every mailbox of an address-list header, in order; unparsable parts are left out. */
export function parseAddressList(value: string | null): ParsedAddress[] {
  if (!value) return [];
  return splitList(unfold(value))
    .map(parseOne)
    .filter((parsed): parsed is ParsedAddress => parsed !== null);
}

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
  return ids.map((id) => `<${id}>`);
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

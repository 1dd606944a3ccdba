import { decodeMimeWords, unfold } from './addresses';

// Address-list headers (RFC 5322 3.4: From, To, Cc, Reply-To) read in one pass, each character
// once, with no regular expression that can backtrack (the one before, `^(.*)<([^<>]*)>…$`, took
// the square of a header's length on `<>(` repeated): a header of a megabyte costs one scan.

export interface ParsedAddress {
  /** Lower-cased. */
  address: string;
  name: string;
}

/**
 * An address: it has an `@` and is no longer than RFC 5321 4.5.3.1.3 allows (a path of 256
 * octets with its brackets). A longer one is hostile, and too long for the statistics' index of
 * senders (a btree entry holds at most 2,704 bytes): its insert would fail the batch each retry.
 */
const isAddress = (address: string) => address.includes('@') && address.length <= 254;

/** What one element of the list (between top-level commas) holds so far. */
class Element {
  /** Text outside comments and quotes' marks, `<…>` included: the display name's source. */
  phrase = '';
  /** Text outside comments, quotes' marks included: the address of an element without `<…>`. */
  bare = '';
  /** The first comment's text (outside quotes): the name of a bare address (`a@b.example (Bo)`). */
  comment: string | null = null;
  /** The content of the last `<…>`, once closed. */
  angle: string | null = null;
  /** `phrase`'s length where the last `<` opened: the display name is what came before it. */
  nameEnd = 0;
  /** Something other than white space or a comment followed the last `<…>`. */
  trailing = false;

  add(text: string, raw = text) {
    this.phrase += text;
    this.bare += raw;
    if (this.angle !== null && /\S/.test(text)) this.trailing = true;
  }

  /** The mailbox it names; null when it names none (a group's end, a word without `@`). */
  toAddress(): ParsedAddress | null {
    if (this.angle !== null && !this.trailing) {
      const address = this.angle.trim().toLowerCase();
      if (!isAddress(address)) return null;
      const name = this.phrase.slice(0, this.nameEnd).replace(/\s+/g, ' ').trim();
      return { address, name: decodeMimeWords(name) };
    }
    const address = this.bare.trim().toLowerCase();
    if (!isAddress(address) || /\s/.test(address)) return null;
    return { address, name: decodeMimeWords(this.comment ?? '').trim() };
  }
}

type Mode = 'text' | 'quoted' | 'comment' | 'angle';

/** A table of the ASCII characters that mean something. */
function table(chars: string): Uint8Array {
  const special = new Uint8Array(128);
  for (const char of chars) special[char.charCodeAt(0)] = 1;
  return special;
}

/** What each mode looks for; everything else is taken as it is. */
const SPECIAL: Record<Mode, Uint8Array> = {
  text: table('"(<,;:'),
  quoted: table('"\\'),
  comment: table('()\\'),
  angle: table('<>'),
};

/** Where the run of characters at `at` that `special` does not list ends. */
function runEnd(value: string, at: number, special: Uint8Array): number {
  let end = at;
  while (end < value.length) {
    const code = value.charCodeAt(end);
    if (code < 128 && special[code] === 1) break;
    end += 1;
  }
  return end;
}

/** The scanner's state: where it is in `value`, and the element being read. */
class Scanner {
  readonly found: ParsedAddress[] = [];
  private element = new Element();
  private mode: Mode = 'text';
  private depth = 0;
  private commentText = '';
  /** Where the open `<` is. */
  private angleAt = 0;

  constructor(private readonly value: string) {}

  /**
   * Reads from `value[at]`: a run of characters that mean nothing in the current mode at once,
   * else one character (and the one it escapes). Returns the index of the next one.
   */
  step(at: number): number {
    const end = runEnd(this.value, at, SPECIAL[this.mode]);
    if (end > at) {
      // Inside `<…>` the run is taken with the brackets, once closed.
      if (this.mode === 'comment') this.commentText += this.value.slice(at, end);
      else if (this.mode !== 'angle') this.element.add(this.value.slice(at, end));
      return end;
    }
    const char = this.value.charAt(at);
    if (char === '\\' && (this.mode === 'quoted' || this.mode === 'comment')) {
      const next = this.value.charAt(at + 1);
      if (this.mode === 'quoted') this.element.add(next, char + next);
      else this.commentText += next;
      return at + 2;
    }
    if (this.mode === 'quoted') this.quoted(char);
    else if (this.mode === 'comment') this.comment(char);
    else if (this.mode === 'angle') this.angle(char, at);
    else this.text(char, at);
    return at + 1;
  }

  private quoted(char: string) {
    if (char === '"') {
      this.mode = 'text';
      this.element.bare += char;
    } else this.element.add(char);
  }

  /** RFC 5322 3.2.2: comments nest. */
  private comment(char: string) {
    if (char === '(') this.depth += 1;
    else if (char === ')') this.depth -= 1;
    if (this.depth > 0) {
      this.commentText += char;
      return;
    }
    this.mode = 'text';
    this.element.comment ??= this.commentText;
  }

  /** `<…>` so far, as the display name and a bare address read it. */
  private takeAngle(end: number) {
    const text = this.value.slice(this.angleAt, end);
    this.element.phrase += text;
    this.element.bare += text;
  }

  private angle(char: string, at: number) {
    if (char === '>') {
      this.mode = 'text';
      this.element.angle = this.value.slice(this.angleAt + 1, at);
      this.element.trailing = false;
      this.takeAngle(at + 1);
    } else {
      // `<a <b@c>`: only the last `<` opens the address; the first is part of the name.
      this.takeAngle(at);
      this.open(at);
    }
  }

  private open(at: number) {
    this.mode = 'angle';
    this.angleAt = at;
    this.element.nameEnd = this.element.phrase.length;
    if (this.element.angle !== null) this.element.trailing = true;
  }

  private text(char: string, at: number) {
    if (char === '"') {
      this.mode = 'quoted';
      this.element.add('', char);
      if (this.element.angle !== null) this.element.trailing = true;
    } else if (char === '(') {
      this.mode = 'comment';
      this.depth = 1;
      this.commentText = '';
    } else if (char === '<') this.open(at);
    else {
      // A group's display name ends at ':' and names no mailbox.
      if (char !== ':') this.end();
      this.element = new Element();
    }
  }

  /** Ends the element being read; an unclosed `<` leaves it a bare address. */
  end() {
    if (this.mode === 'angle') {
      this.takeAngle(this.value.length);
      this.element.angle = null;
    }
    const parsed = this.element.toAddress();
    if (parsed) this.found.push(parsed);
  }
}

/** Every mailbox of an address-list header, in order; unparsable parts are left out. */
export function parseAddressList(value: string | null): ParsedAddress[] {
  if (!value) return [];
  const text = unfold(value);
  const scanner = new Scanner(text);
  let at = 0;
  while (at < text.length) at = scanner.step(at);
  scanner.end();
  return scanner.found;
}

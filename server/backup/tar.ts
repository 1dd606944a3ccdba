// The few tar (ustar) operations a backup archive needs: regular files and folders, no links.

const BLOCK = 512;

interface TarEntry {
  /** The path, with a ustar prefix joined on. */
  name: string;
  kind: 'file' | 'folder' | 'other';
  mode: number;
  data: Buffer;
}

const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
}

const octal = (block: Buffer, start: number, length: number) =>
  Number.parseInt(text(block, start, length).trim() || '0', 8);

function kindOf(flag: string): TarEntry['kind'] {
  if (flag === '0' || flag === '') return 'file';
  return flag === '5' ? 'folder' : 'other';
}

/** The entries of an uncompressed tar; a truncated or malformed one is an error. */
export function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 12);
    const end = offset + BLOCK + padded(size);
    if (!Number.isSafeInteger(size) || end > tar.length) throw new Error('the tar is truncated');
    const prefix = text(header, 345, 155);
    const name = text(header, 0, 100);
    entries.push({
      name: prefix ? `${prefix}/${name}` : name,
      kind: kindOf(text(header, 156, 1)),
      mode: octal(header, 100, 8),
      data: tar.subarray(offset + BLOCK, offset + BLOCK + size),
    });
    offset = end;
  }
  return entries;
}

function header(name: string, size: number, mode: number, flag = '0'): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const put = (value: string, start: number) => block.write(value, start, 'utf8');
  put(name, 0);
  put(`${mode.toString(8).padStart(7, '0')}\0`, 100);
  put('0000000\0', 108);
  put('0000000\0', 116);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124);
  put(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  put(flag, 156);
  put('ustar\0', 257);
  put('00', 263);
  // The checksum is computed with its own field as spaces.
  block.fill(' ', 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** A tar of regular files, written with mode 0600. */
export function fileEntry(name: string, data: Buffer): Buffer {
  const pad = Buffer.alloc(padded(data.length) - data.length);
  return Buffer.concat([header(name, data.length, 0o600), data, pad]);
}

/** A folder (mode 0700). */
export const folderEntry = (name: string): Buffer => header(name, 0, 0o700, '5');

/** Entries (from fileEntry and folderEntry) closed by the two empty blocks a tar ends with. */
export const joinTar = (entries: Buffer[]): Buffer =>
  Buffer.concat([...entries, Buffer.alloc(2 * BLOCK)]);

import { Ajv } from 'ajv';
import type { RawData } from 'ws';
import { portalDocument, type JsonSchema } from '../contract/spec';
import type { Schemas } from '../contract/types';

// Reading the frames a browser sends on the mailbox-validation socket, against the contract's
// `WsClientMessage`, with a message a person understands for each way a frame can be wrong.

type ClientMessage = Schemas['WsClientMessage'];

/** The contract's `maxItems` for one check_mailboxes command. */
const MAX_ADDRESSES = 500;
/** 500 addresses of the longest valid length fit with room to spare. */
const MAX_FRAME_BYTES = 256 * 1024;

const SCHEMA_REF = /^#\/components\/schemas\/(\w+)$/;

function inlineRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inlineRefs);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const name = typeof record.$ref === 'string' ? SCHEMA_REF.exec(record.$ref)?.[1] : undefined;
  if (name) return componentSchema(name);
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, inlineRefs(value)]));
}

/** A schema of the contract's components with its `$ref`s inlined, so it compiles on its own. */
export function componentSchema(name: string): JsonSchema {
  const schema = portalDocument.components.schemas?.[name];
  if (schema === undefined) throw new Error(`${name} is not a schema in openapi/portal.yaml`);
  return inlineRefs(schema) as JsonSchema;
}

const isClientMessage = new Ajv({ strict: true }).compile<ClientMessage>(
  componentSchema('WsClientMessage'),
);

const FRAME_ERRORS = {
  tooLarge: `This message is too large. Send at most ${MAX_ADDRESSES} addresses at a time.`,
  notJson: 'This message could not be read: messages must be JSON text.',
  unknown:
    'This message is not one the server understands. Send {"type": "auth", "token": "…"} first, ' +
    'then {"type": "command", "command": "check_mailboxes", "mailboxes": […]}.',
  badAuth: 'The auth message needs your token as text: {"type": "auth", "token": "…"}.',
  unknownCommand: 'This command is not known. The only command is check_mailboxes.',
  notAddresses: 'The mailboxes to check must be a list of addresses, each one as text.',
  emptyList: 'The list of mailboxes to check is empty. Add at least one address.',
  tooMany: (count: number) =>
    `You can check at most ${MAX_ADDRESSES} addresses at a time, and this list has ${count}. ` +
    'Split it into smaller lists.',
} as const;

type FrameResult = { ok: true; message: ClientMessage } | { ok: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The most helpful sentence for a parsed frame that the schema refused. */
function describeInvalid(value: unknown): string {
  if (!isRecord(value)) return FRAME_ERRORS.unknown;
  if (value.type === 'auth') return FRAME_ERRORS.badAuth;
  if (value.type !== 'command') return FRAME_ERRORS.unknown;
  if (value.command !== 'check_mailboxes') return FRAME_ERRORS.unknownCommand;
  const list = value.mailboxes;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    return FRAME_ERRORS.notAddresses;
  }
  if (list.length === 0) return FRAME_ERRORS.emptyList;
  if (list.length > MAX_ADDRESSES) return FRAME_ERRORS.tooMany(list.length);
  return FRAME_ERRORS.unknown;
}

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/** Parses and validates one incoming frame; binary frames are never valid. */
export function readFrame(data: RawData, isBinary: boolean): FrameResult {
  const bytes = toBuffer(data);
  if (bytes.byteLength > MAX_FRAME_BYTES) return { ok: false, error: FRAME_ERRORS.tooLarge };
  if (isBinary) return { ok: false, error: FRAME_ERRORS.notJson };
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { ok: false, error: FRAME_ERRORS.notJson };
  }
  if (isClientMessage(value)) return { ok: true, message: value };
  return { ok: false, error: describeInvalid(value) };
}

import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Db } from '../db/types';
import type { Schemas } from '../contract/types';
import { authenticate, type AuthContext, type SessionPolicy } from '../auth/authenticate';
import type { MailboxDirectory } from './directory';
import { checkMailboxes } from './checks';
import { ConnectorDirectory } from './connector-directory';
import { loadSecretBox, type Secrets } from '../mail/secrets';
import { readFrame } from './frames';
import { checkOrigin, WaitingSockets } from './admission';

// The live mailbox validation (operation validateMailboxesSocket): auth first, then
// check_mailboxes commands answered address by address. The protocol is described in the contract.

const MAILBOX_VALIDATION_PATH = '/portal/ws/mailbox-validation';
const AUTH_TIMEOUT_MS = 10_000;
/** Frames waiting behind a running check; more are refused, so a client cannot pile up work. */
const MAX_PENDING_FRAMES = 4;

const CLOSE_CODES = {
  badMessage: 4400,
  unauthorized: 4401,
  forbidden: 4403,
  authTimeout: 4408,
} as const;

const SOCKET_ERRORS = {
  signInAgain: 'Sign in again: the token is missing, expired or revoked.',
  signInFirst: 'Sign in first: send {"type": "auth", "token": "…"} before any command.',
  adminsOnly: 'Only admins can add mailboxes.',
  disabled: 'The mailboxes feature is disabled for this workspace.',
  readOnly: 'The mailboxes feature is read-only for this workspace.',
  authTimeout: 'No sign-in arrived in time. Connect again and send the auth message first.',
  alreadySignedIn: 'This connection is already signed in.',
  busy: 'Wait for the current check to finish before sending another list.',
  internal: 'Something went wrong on our side while checking. Try again in a moment.',
  notAWebsocket: 'This address is a websocket: connect to it with a websocket client.',
} as const;

type ServerMessage = Schemas['WsServerMessage'];

interface SessionDeps {
  db: Db;
  sessions: SessionPolicy;
  directory: MailboxDirectory;
  authTimeoutMs: number;
  log: FastifyBaseLogger;
  /** Gives back the connection's place among its address's sockets waiting to sign in. */
  signedIn: () => void;
}

/** Why an authenticated caller may not validate mailboxes, or null when they may. */
function refusalOf(auth: AuthContext): string | null {
  if (auth.role !== 'admin') return SOCKET_ERRORS.adminsOnly;
  const flags = auth.features.mailboxes;
  if (!flags.enabled) return SOCKET_ERRORS.disabled;
  return flags.read_only ? SOCKET_ERRORS.readOnly : null;
}

/** One connection. Frames are handled one after another, so results keep the order sent. */
class ValidationSession {
  private token: string | null = null;
  private pending = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly authTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: SessionDeps,
  ) {
    this.authTimer = setTimeout(
      () => this.refuse(SOCKET_ERRORS.authTimeout, CLOSE_CODES.authTimeout),
      deps.authTimeoutMs,
    );
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => clearTimeout(this.authTimer));
  }

  private receive(data: RawData, isBinary: boolean) {
    if (this.pending >= MAX_PENDING_FRAMES) {
      this.send({ type: 'error', message: SOCKET_ERRORS.busy });
      return;
    }
    this.pending += 1;
    this.queue = this.queue
      .then(() => this.handle(data, isBinary))
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'mailbox validation failed');
        this.send({ type: 'error', message: SOCKET_ERRORS.internal });
      })
      .finally(() => {
        this.pending -= 1;
      });
  }

  private async handle(data: RawData, isBinary: boolean): Promise<void> {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const frame = readFrame(data, isBinary);
    if (!frame.ok) {
      // Misuse before sign-in ends the connection; after it, the client may simply try again.
      if (this.token) this.send({ type: 'error', message: frame.error });
      else this.refuse(frame.error, CLOSE_CODES.badMessage);
      return;
    }
    const message = frame.message;
    if (message.type === 'auth') {
      if (this.token) this.send({ type: 'error', message: SOCKET_ERRORS.alreadySignedIn });
      else await this.signIn(message.token);
      return;
    }
    if (!this.token) {
      // The contract: 4400 for any message other than auth before a successful auth.
      this.refuse(SOCKET_ERRORS.signInFirst, CLOSE_CODES.badMessage);
      return;
    }
    // Access is checked again for every command: a removed user or revoked token stops here.
    const auth = await this.authorize(this.token);
    if (!auth) return;
    await checkMailboxes(
      this.deps.db,
      auth.workspaceId,
      this.deps.directory,
      message.mailboxes,
      (check) => this.send({ type: 'check_result', data_dict: check }),
    );
  }

  private async signIn(token: string) {
    if (!(await this.authorize(token))) return;
    clearTimeout(this.authTimer);
    this.deps.signedIn();
    this.token = token;
    this.send({ type: 'auth_ok' });
  }

  /** The caller's current access, or null after sending the reason and closing. */
  private async authorize(token: string): Promise<AuthContext | null> {
    const auth = await authenticate(this.deps.db, `Token ${token}`, this.deps.sessions);
    if (!auth) return this.refuse(SOCKET_ERRORS.signInAgain, CLOSE_CODES.unauthorized);
    const refusal = refusalOf(auth);
    return refusal ? this.refuse(refusal, CLOSE_CODES.forbidden) : auth;
  }

  /** Sends the reason, then closes; the close frame follows the message on the wire. */
  private refuse(message: string, code: number): null {
    if (this.send({ type: 'error', message })) this.socket.close(code, 'refused');
    return null;
  }

  /** False once the socket is no longer open (the client left or was refused). */
  private send(message: ServerMessage): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}

export interface MailboxValidationOptions {
  /** Who answers whether a mailbox exists; the workspace's mail connector by default. */
  directory?: MailboxDirectory;
  /** How long a new connection may wait before its auth message. */
  authTimeoutMs?: number;
}

export default function mailboxValidationRoutes(
  app: FastifyInstance,
  options: MailboxValidationOptions = {},
) {
  // The workspace's connector answers; the key is read at the first credential it needs.
  let secrets: Promise<Secrets> | undefined;
  const loadSecrets = () =>
    (secrets ??= loadSecretBox({
      secretsKey: app.config.mailSync.secretsKey,
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
    }));
  const directory =
    options.directory ?? new ConnectorDirectory(app.db, loadSecrets, () => app.config.mailApis);
  const authTimeoutMs = options.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  const waiting = new WaitingSockets();
  const places = new WeakMap<FastifyRequest, () => void>();
  app.route({
    method: 'GET',
    url: MAILBOX_VALIDATION_PATH,
    // A plain request (no upgrade) is answered with 426 rather than the plugin's bare 404.
    handler: async (_request, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({ error: 'upgrade_required', message: SOCKET_ERRORS.notAWebsocket }),
    // Before the upgrade and any work: a foreign page gets 403, a crowd of waiting sockets 429.
    preValidation: async (request) => {
      checkOrigin(request, app.config.publicUrl);
      if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
      places.set(request, waiting.reserve(request.ip, request.raw.socket));
    },
    wsHandler: (socket, request) => {
      const signedIn = places.get(request) ?? (() => undefined);
      const deps = {
        db: app.db,
        sessions: app.sessions,
        directory,
        authTimeoutMs,
        log: request.log,
        signedIn,
      };
      new ValidationSession(socket, deps);
    },
  });
}

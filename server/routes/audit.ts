import type { FastifyInstance } from 'fastify';
import { route } from './route';
import { HttpError } from '../http/errors';

const ADMIN = { roles: ['admin'] } as const;

// The audit log's read operations. The log itself is written by the route helper; until the
// reads land they answer 501, so the page can be built against the contract.
const notYet = () => new HttpError(501, 'not_implemented', 'The audit log is not served yet.');

export default function auditRoutes(app: FastifyInstance) {
  route(app, 'listAuditEntries', ADMIN, () => Promise.reject(notYet()));
  route(app, 'exportAuditCsv', ADMIN, () => Promise.reject(notYet()));
}

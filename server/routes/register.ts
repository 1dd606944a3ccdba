import type { FastifyInstance } from 'fastify';
import systemRoutes from './system';
import sessionRoutes from './session';
import loginRoutes from './login';
import dashboardRoutes from './dashboard';
import clientErrorsRoutes from './client-errors';
import mailboxesRoutes from './mailboxes';
import mailboxValidationRoutes from '../mailbox-validation/socket';
import usersRoutes from './users';
import teamsRoutes from './teams';
import alertsRoutes from './alerts';
import businessHoursRoutes from './business-hours';
import holidaysRoutes from './holidays';
import filteringRoutes from './filtering';
import contactGroupsRoutes from './contact-groups';
import requestsRoutes from './requests';
import statsRoutes from './stats';
import signInOptionsRoutes from './sign-in-options';
import signInCodeRoutes from './sign-in-code';
import reportsRoutes from './reports';
import reportUnsubscribeRoutes from './report-unsubscribe';
import auditRoutes from './audit';
import apiTokensRoutes from './api-tokens';

const modules = [
  systemRoutes,
  sessionRoutes,
  loginRoutes,
  dashboardRoutes,
  clientErrorsRoutes,
  mailboxesRoutes,
  mailboxValidationRoutes,
  usersRoutes,
  teamsRoutes,
  alertsRoutes,
  businessHoursRoutes,
  holidaysRoutes,
  filteringRoutes,
  contactGroupsRoutes,
  requestsRoutes,
  statsRoutes,
  signInOptionsRoutes,
  signInCodeRoutes,
  reportsRoutes,
  reportUnsubscribeRoutes,
  auditRoutes,
  apiTokensRoutes,
];

/** Every route module, registered in one place so the contract test sees them all. */
export async function registerRoutes(app: FastifyInstance) {
  for (const routes of modules) {
    await app.register(async (scope) => routes(scope));
  }
}

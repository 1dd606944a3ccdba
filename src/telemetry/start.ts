// Imported first by main.tsx, so the error listeners are in place as early as possible.
import { api } from '@/api/client';
import { breadcrumbs } from './breadcrumbs';
import { instrument } from './instrument';
import { reportError } from './reporter';
import { requestBreadcrumbs } from './request-breadcrumbs';

instrument(window, { trail: breadcrumbs, report: reportError });
api.use(requestBreadcrumbs(breadcrumbs));

import { api } from '@/api/client';
import { createReportsActors } from '@/machines/reports/reports.actors';
import { createReportsMachine } from '@/machines/reports/reports.machine';

/** The reports machine on the app's API client (tests build theirs with stand-in actors). */
export const reportsMachine = createReportsMachine(createReportsActors(api));

import type { FastifyInstance } from 'fastify';
import { route, type Access } from './route';
import { badRequest, notFound } from '../http/errors';
import { holidayCountries } from '../domain/holiday-calendar';
import { importedHolidays, importPreview, manualHoliday } from '../domain/holidays';
import * as repo from '../repos/holidays';
import { reportChange } from '../audit/report';
import { holidayItemsOf } from '../audit/targets-settings';

// Company holidays, part of the business-hours feature: admins only, writes refused while it is
// read-only. Figures take them at the next daily rebuild, as they take hours.

const ACCESS: Access = { roles: ['admin'], feature: 'business_hours' };

export default function holidaysRoutes(app: FastifyInstance) {
  route(app, 'listHolidays', ACCESS, async ({ auth, db }) => ({
    status: 200,
    body: { holidays: await repo.listHolidays(db, auth.workspaceId) },
  }));

  route(app, 'addHoliday', ACCESS, async ({ body, auth, db }) => {
    const holiday = manualHoliday(body);
    const holidays = await db.transaction(async (tx) => {
      const same = await repo.findHoliday(tx, auth.workspaceId, holiday.date);
      if (same) {
        throw badRequest(`date: ${same.name} already starts on ${holiday.date}; remove it first.`);
      }
      const added = await repo.addHolidays(tx, auth.workspaceId, [holiday]);
      reportChange(tx, () => ({ before: [], after: holidayItemsOf(added) }));
      return repo.listHolidays(tx, auth.workspaceId);
    });
    return { status: 200, body: { holidays } };
  });

  route(app, 'removeHoliday', ACCESS, async ({ params, auth, db }) => {
    await db.transaction(async (tx) => {
      // Refused inside the transaction, so a refusal leaves no audit entry either.
      const removed = await repo.removeHoliday(tx, auth.workspaceId, params.date);
      if (!removed) throw notFound(`No company holiday starts on ${params.date}.`);
      reportChange(tx, () => ({ before: holidayItemsOf([removed]), after: [] }));
    });
    return { status: 204 };
  });

  route(app, 'previewHolidays', ACCESS, async ({ query, auth, db }) => {
    const existing = await repo.listHolidays(db, auth.workspaceId);
    const request = {
      country: query.country,
      region: query.region ?? null,
      fromYear: query.from_year,
      toYear: query.to_year,
    };
    return { status: 200, body: { holidays: await importPreview(request, existing) } };
  });

  route(app, 'importHolidays', ACCESS, async ({ body, auth, db }) => {
    const request = {
      country: body.country,
      region: body.region ?? null,
      fromYear: body.from_year,
      toYear: body.to_year,
    };
    const result = await db.transaction(async (tx) => {
      const existing = await repo.listHolidays(tx, auth.workspaceId);
      const adding = await importedHolidays(request, body.dates ?? null, existing);
      const added = await repo.addHolidays(tx, auth.workspaceId, adding);
      reportChange(tx, () => ({ before: [], after: holidayItemsOf(added) }));
      return { holidays: await repo.listHolidays(tx, auth.workspaceId), added: added.length };
    });
    return { status: 200, body: result };
  });

  route(app, 'listHolidayCountries', ACCESS, async () => ({
    status: 200,
    body: { countries: await holidayCountries() },
  }));
}

import type { BusinessHours } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

const PATH = '/portal/api/settings/company-business-hours/';

export function createCompanyHoursActors(client: ApiClient) {
  return {
    loadCompanyHours: fromPromise<BusinessHours>(({ signal }) =>
      expectData(client.GET(PATH, { signal })),
    ),
    saveCompanyHours: fromPromise<BusinessHours, BusinessHours>(({ input }) =>
      expectData(client.POST(PATH, { body: input })),
    ),
  };
}

import type { BusinessHours } from '../../../src/api/types';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompanyHoursMachine } from '../../../src/machines/business-hours/company-hours.machine';
import { DASHBOARD_TOMORROW } from '../../../src/machines/shared/save-toasts';
import { CompanyHoursPage } from '../../../src/routes/_shell/settings/-components/business/CompanyHoursPage';
import { Toaster } from '../../../src/ui/Toast';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { fakeApi, type FakeReply } from '../support/fake-api';

const PATH = '/portal/api/settings/company-business-hours/';

const stored: BusinessHours = {
  business_hours: (['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((weekday) => ({
    weekday,
    start_time: '09:00:00',
    end_time: '17:30:00',
  })),
  timezone: 'Europe/Madrid',
};

afterEach(() => dismissAllToasts());

function renderPage({ readOnly = false, load }: { readOnly?: boolean; load?: FakeReply } = {}) {
  const api = fakeApi({
    [`GET ${PATH}`]: load ?? { body: stored },
    [`POST ${PATH}`]: (call) => ({ body: call.body }),
  });
  const machine = createCompanyHoursMachine(api.client);
  render(
    <>
      <CompanyHoursPage readOnly={readOnly} machine={machine} />
      <Toaster />
    </>,
  );
  return api;
}

const save = () => screen.getByRole('button', { name: 'Save' });
const day = (name: string) => screen.getByRole('switch', { name });
const select = (name: string) => screen.getByRole('combobox', { name });

describe('company business hours page', () => {
  it('shows the stored week and timezone, with Save disabled while nothing changed', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Business Hours' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Monday' })).toBeChecked();
    expect(day('Saturday')).not.toBeChecked();
    expect(select('Monday start')).toHaveValue('09:00:00');
    expect(select('Monday end')).toHaveValue('17:30:00');
    expect(
      within(select('Monday start')).getByRole('option', { name: '23:30' }),
    ).toBeInTheDocument();
    expect(select('Timezone')).toHaveValue('Europe/Madrid');
    expect(save()).toBeDisabled();
  });

  it('turns a day on at 09:00–17:30 and off again back to unchanged', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Saturday' }));
    expect(select('Saturday start')).toHaveValue('09:00:00');
    expect(select('Saturday end')).toHaveValue('17:30:00');
    expect(save()).toBeEnabled();
    await user.click(day('Saturday'));
    expect(screen.queryByRole('combobox', { name: 'Saturday start' })).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('moves the end to the next slot when the start reaches it, and offers only later ends', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Monday start' }),
      '18:00',
    );
    expect(select('Monday end')).toHaveValue('18:30:00');
    expect(within(select('Monday end')).getByRole('option', { name: '18:00' })).toBeDisabled();
    await user.selectOptions(select('Monday start'), '23:30');
    expect(select('Monday end')).toHaveValue('23:59:59');
    await user.selectOptions(select('Tuesday start'), '08:00');
    expect(select('Tuesday end')).toHaveValue('17:30:00');
  });

  it('saves HH:MM:SS times by weekday and the IANA timezone, then is unchanged again', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Friday' }));
    await user.selectOptions(select('Monday end'), '18:00');
    await user.selectOptions(select('Timezone'), 'America/New York');
    await user.click(save());
    expect(await screen.findByText('Business hours saved', { exact: true })).toBeInTheDocument();
    expect(screen.getAllByText(DASHBOARD_TOMORROW, { exact: true }).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', PATH)[0]?.body).toEqual({
      business_hours: [
        { weekday: 'Mon', start_time: '09:00:00', end_time: '18:00:00' },
        { weekday: 'Tue', start_time: '09:00:00', end_time: '17:30:00' },
        { weekday: 'Wed', start_time: '09:00:00', end_time: '17:30:00' },
        { weekday: 'Thu', start_time: '09:00:00', end_time: '17:30:00' },
      ],
      timezone: 'America/New_York',
    });
    await waitFor(() => expect(save()).toBeDisabled());
  });

  it('disables every control and hides Save when read-only', async () => {
    renderPage({ readOnly: true });
    expect(await screen.findByRole('switch', { name: 'Monday' })).toBeDisabled();
    expect(select('Monday start')).toBeDisabled();
    expect(select('Timezone')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText(/These settings are read-only/)).toBeInTheDocument();
  });

  it('shows the failure state when the hours cannot be loaded', async () => {
    renderPage({ load: { status: 500, body: { error: 'server', message: 'boom' } } });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
  });
});

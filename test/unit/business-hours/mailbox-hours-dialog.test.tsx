import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailboxHoursMachine } from '../../../src/machines/business-hours/mailbox-hours.machine';
import {
  BusinessHoursDialog,
  NO_DAY_MESSAGE,
  NO_TIMEZONE_MESSAGE,
} from '../../../src/routes/_shell/settings/mailboxes/-components/BusinessHoursDialog';
import { Toaster } from '../../../src/ui/Toast';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { fakeApi, type FakeReply } from '../support/fake-api';

const EMAIL = 'sales@acme.example';
const MAILBOX_PATH = `/portal/api/settings/business-hours/${encodeURIComponent(EMAIL)}`;
const COMPANY_PATH = '/portal/api/settings/company-business-hours/';
const monToFri = (['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((weekday) => ({
  weekday,
  start_time: '09:00:00',
  end_time: '17:30:00',
}));

const COMPANY_HOLIDAYS = { follows: 'company', country: null, region: null };

afterEach(() => dismissAllToasts());

interface Options {
  companyTimezone?: string;
  mailbox?: FakeReply;
  save?: FakeReply;
}

function renderDialog({ companyTimezone = 'UTC', mailbox, save }: Options = {}) {
  const company = { business_hours: monToFri, timezone: companyTimezone };
  const api = fakeApi({
    [`GET ${COMPANY_PATH}`]: { body: company },
    // The countries a Custom mailbox may follow for its closed days.
    'GET /portal/api/settings/holiday-countries/': {
      body: { countries: [{ code: 'ES', name: 'Spain', regions: [] }] },
    },
    [`GET ${MAILBOX_PATH}`]: mailbox ?? {
      body: { bhs_status: 'Company', ...company, holidays: COMPANY_HOLIDAYS },
    },
    [`POST ${MAILBOX_PATH}`]: save ?? ((call) => ({ body: call.body })),
    [`DELETE ${MAILBOX_PATH}`]: save ?? { status: 204 },
  });
  const onSaved = vi.fn<() => void>();
  const onClose = vi.fn<() => void>();
  const machine = createMailboxHoursMachine(api.client);
  render(
    <>
      <BusinessHoursDialog
        mailbox={{ email: EMAIL }}
        onClose={onClose}
        onSaved={onSaved}
        machine={machine}
      />
      <Toaster />
    </>,
  );
  return { api, onSaved, onClose };
}

// The Mode choice, not the Holidays one that Custom hours add below it.
const mode = (name: string) =>
  within(screen.getByRole('group', { name: 'Mode' })).getByRole('radio', {
    name: new RegExp(`^${name}`),
  });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('update business hours modal', () => {
  it('shows the company hours in the Company mode, and saving it deletes the override', async () => {
    const user = userEvent.setup();
    const { api, onSaved, onClose } = renderDialog({
      mailbox: {
        body: {
          bhs_status: 'Custom',
          business_hours: monToFri,
          timezone: 'America/New_York',
          holidays: COMPANY_HOLIDAYS,
        },
      },
    });
    expect(await screen.findByRole('dialog', { name: 'Update business hours' })).toHaveTextContent(
      EMAIL,
    );
    expect(mode('Custom')).toBeChecked();
    await user.click(mode('Company'));
    expect(screen.getByText('Monday').closest('div')).toHaveTextContent('09:00 – 17:30');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('DELETE', MAILBOX_PATH)).toHaveLength(1);
    expect(screen.getByText('Business hours updated', { exact: true })).toBeInTheDocument();
  });

  it('needs a timezone other than UTC and at least one day in the Custom mode', async () => {
    const user = userEvent.setup();
    const { api } = renderDialog();
    await user.click(await screen.findByRole('radio', { name: /^Custom/ }));
    // The company hours are in UTC: Custom starts from its days, without a timezone.
    expect(screen.getByRole('switch', { name: 'Monday' })).toBeChecked();
    expect(screen.getByText(NO_TIMEZONE_MESSAGE)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Timezone' }), 'UTC');
    expect(save()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Timezone' }), 'Europe/Paris');
    expect(screen.queryByText(NO_TIMEZONE_MESSAGE)).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(screen.getByRole('switch', { name: day }));
    }
    expect(screen.getByText(NO_DAY_MESSAGE)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Sunday' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sunday start' }), '17:30');
    await user.click(save());
    await waitFor(() => expect(api.callsTo('POST', MAILBOX_PATH)).toHaveLength(1));
    expect(api.callsTo('POST', MAILBOX_PATH)[0]?.body).toEqual({
      business_hours: [{ weekday: 'Sun', start_time: '17:30:00', end_time: '18:00:00' }],
      timezone: 'Europe/Paris',
      holidays: COMPANY_HOLIDAYS,
    });
  });

  it('saves every day from 00:00:00 to 23:59:59 in Europe/Madrid in the Ignored mode', async () => {
    const user = userEvent.setup();
    const { api } = renderDialog({ companyTimezone: 'Europe/Berlin' });
    await user.click(await screen.findByRole('radio', { name: /^Ignored/ }));
    await user.click(save());
    await waitFor(() => expect(api.callsTo('POST', MAILBOX_PATH)).toHaveLength(1));
    const body = api.callsTo('POST', MAILBOX_PATH)[0]?.body as {
      business_hours: { weekday: string; start_time: string; end_time: string }[];
      timezone: string;
    };
    expect(body.timezone).toBe('Europe/Madrid');
    expect(body.business_hours.map((entry) => entry.weekday)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(
      body.business_hours.every((e) => e.start_time === '00:00:00' && e.end_time === '23:59:59'),
    ).toBe(true);
  });

  it('keeps the modal open with the server message when saving fails', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderDialog({
      save: { status: 403, body: { error: 'read_only', message: 'Business hours are read-only.' } },
    });
    await user.click(await screen.findByRole('radio', { name: /^Ignored/ }));
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Business hours are read-only.');
    expect(onSaved).not.toHaveBeenCalled();
    expect(save()).toBeEnabled();
  });
});

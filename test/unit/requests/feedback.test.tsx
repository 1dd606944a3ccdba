import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackDialog } from '../../../src/routes/-components/shell/FeedbackDialog';
import { Toaster } from '../../../src/ui/Toast';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { fakeApi, type FakeReply } from '../support/fake-api';

const PATH = '/portal/api/feedback/';

afterEach(() => dismissAllToasts());

function renderDialog(reply: FakeReply = { status: 202, body: { id: 1, status: 'queued' } }) {
  const api = fakeApi({ [`POST ${PATH}`]: reply });
  const onOpenChange = vi.fn<(open: boolean) => void>();
  render(
    <>
      <FeedbackDialog open onOpenChange={onOpenChange} client={api.client} />
      <Toaster />
    </>,
  );
  return { api, onOpenChange };
}

describe('feedback modal', () => {
  it('offers the three types and needs more than 5 characters', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share feedback' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Feature request', 'Bug', 'Question']);
    expect(within(dialog).getByRole('radio', { name: 'Feature request' })).toBeChecked();
    const send = within(dialog).getByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your feedback' }), ' 12345 ');
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your feedback' }), '6');
    expect(send).toBeEnabled();
  });

  it('sends the type and text, thanks the sender and closes', async () => {
    const user = userEvent.setup();
    const { api, onOpenChange } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Bug' }));
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'Export fails');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(
      await screen.findByText('Thanks for your feedback', { exact: true }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', PATH)[0]?.body).toEqual({ content: 'Export fails', type: 'Bug' });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('says the feedback was not sent, and keeps it, when the request fails', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog({
      status: 503,
      body: { error: 'unavailable', message: 'Down for maintenance.' },
    });
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'Love the dashboard');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(
      await screen.findByText("We couldn't send your feedback", { exact: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your feedback' })).toHaveValue(
      'Love the dashboard',
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

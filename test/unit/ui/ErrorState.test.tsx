import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from '../../../src/ui/ErrorState';

describe('ErrorState', () => {
  it('shows the spec texts and actions', () => {
    render(<ErrorState />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'We had some troubles loading this data. Please refresh this page to try again and get in touch if the problem sticks around.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:support@mailpulse.example',
    );
  });

  it('runs the refresh action', async () => {
    const onRefresh = vi.fn();
    render(<ErrorState onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh page' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});

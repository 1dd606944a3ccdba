import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../../../src/ui/Button';
import { Dialog } from '../../../src/ui/Dialog';

function Harness({ hideClose }: { hideClose?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Remove group"
      description="This cannot be undone."
      hideClose={hideClose}
      footer={<Button variant="danger">Remove</Button>}
    >
      <p>Body text</p>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is labelled by its title and description', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Remove group' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(dialog).toHaveTextContent('Body text');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hides the close button when asked, and Escape still closes', async () => {
    const user = userEvent.setup();
    render(<Harness hideClose />);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves focus inside the dialog', () => {
    render(<Harness />);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('gives focus back to what opened it when it closes', async () => {
    const user = userEvent.setup();
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Row menu</button>
          <Dialog open={open} onOpenChange={setOpen} title="Edit team" />
        </>
      );
    }
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Row menu' }));
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Row menu' })).toHaveFocus();
  });
});

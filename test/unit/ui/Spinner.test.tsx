import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from '../../../src/ui/Spinner';

describe('Spinner', () => {
  it('defaults to large and the brand blue, announced as loading', () => {
    render(<Spinner />);
    const spinner = screen.getByRole('status', { name: 'Loading' });
    expect(spinner).toHaveAttribute('data-size', 'large');
    expect(spinner.style.width).toBe('40px');
    expect(spinner.style.color).toBe('var(--color-brand)');
    expect(spinner.querySelector('svg')).toBeInTheDocument();
  });

  it('takes a named size, a pixel size, a colour and a label', () => {
    const { rerender } = render(<Spinner size="small" color="red" label="Saving" />);
    let spinner = screen.getByRole('status', { name: 'Saving' });
    expect(spinner).toHaveAttribute('data-size', 'small');
    expect(spinner.style.width).toBe('16px');
    expect(spinner.style.color).toBe('red');

    rerender(<Spinner size={64} />);
    spinner = screen.getByRole('status', { name: 'Loading' });
    expect(spinner).toHaveAttribute('data-size', 'custom');
    expect(spinner.style.height).toBe('64px');
  });
});

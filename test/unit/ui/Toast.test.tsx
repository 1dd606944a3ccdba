import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../src/ui/Toast';
import {
  dismissAllToasts,
  toast,
  toastDuration,
  type ToastOptions,
} from '../../../src/stores/toast-store';

function region(name: RegExp) {
  return screen.getByRole('region', { name });
}

/** Titles of the toast cards in a region, top to bottom as laid out by their CSS order. */
function cardTitles(regionName: RegExp): string[] {
  return within(region(regionName))
    .queryAllByRole('listitem')
    .sort((a, b) => Number(a.style.order) - Number(b.style.order))
    .map((item) => item.querySelector('.toast-title')?.textContent ?? '');
}

function show(options: ToastOptions) {
  act(() => {
    toast(options);
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toast durations', () => {
  it('uses 5000 ms by default and 10000 ms for success', () => {
    expect(toastDuration({ title: 'a', variant: 'info' })).toBe(5000);
    expect(toastDuration({ title: 'a', variant: 'error' })).toBe(5000);
    expect(toastDuration({ title: 'a', variant: 'success' })).toBe(10000);
    expect(toastDuration({ title: 'a', variant: 'info', duration: 10000 })).toBe(10000);
    expect(toastDuration({ title: 'a', variant: 'success', region: 'corner' })).toBe(5000);
  });
});

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<Toaster />);
  });

  afterEach(() => {
    act(() => dismissAllToasts());
    vi.useRealTimers();
  });

  it('auto-dismisses an info toast after 5000 ms', () => {
    show({ title: 'Heads up', description: 'Details', variant: 'info' });
    expect(cardTitles(/^Notifications/)).toEqual(['Heads up']);
    advance(4999);
    expect(cardTitles(/^Notifications/)).toEqual(['Heads up']);
    advance(1);
    expect(cardTitles(/^Notifications/)).toEqual([]);
  });

  it('auto-dismisses a success toast after 10000 ms', () => {
    show({ title: 'New team created', variant: 'success' });
    advance(9999);
    expect(cardTitles(/^Notifications/)).toEqual(['New team created']);
    advance(1);
    expect(cardTitles(/^Notifications/)).toEqual([]);
  });

  it('keeps team and mailbox messages for the 10000 ms they are given', () => {
    show({ title: 'Mailbox(es) removed', variant: 'info', duration: 10000 });
    advance(5000);
    expect(cardTitles(/^Notifications/)).toEqual(['Mailbox(es) removed']);
    advance(5000);
    expect(cardTitles(/^Notifications/)).toEqual([]);
  });

  it('shows at most 3 corner toasts, newest on top, closable on click', () => {
    for (const title of ['one', 'two', 'three', 'four']) {
      show({ title, variant: 'info', region: 'corner' });
    }
    expect(cardTitles(/^Recent notifications/)).toEqual(['four', 'three', 'two']);
    expect(cardTitles(/^Notifications/)).toEqual([]);

    const newest = within(region(/^Recent notifications/)).getByText('four', { exact: true });
    act(() => {
      fireEvent.click(newest);
    });
    expect(cardTitles(/^Recent notifications/)).toEqual(['three', 'two']);
  });

  it('pauses corner toasts while the window is blurred', () => {
    show({ title: 'Paused', variant: 'info', region: 'corner' });
    advance(1000);
    act(() => {
      fireEvent.blur(window);
    });
    advance(10000);
    expect(cardTitles(/^Recent notifications/)).toEqual(['Paused']);
    act(() => {
      fireEvent.focus(window);
    });
    advance(4000);
    expect(cardTitles(/^Recent notifications/)).toEqual([]);
  });

  it('shows up to 20 toasts in the main region', () => {
    for (let i = 1; i <= 21; i += 1) show({ title: `t${i}`, variant: 'error' });
    const titles = cardTitles(/^Notifications/);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('t2');
    expect(titles[19]).toBe('t21');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ClosureInput } from '../../src/machines/mark-done/mark-done.actors';
import { MarkDoneHost } from '../../src/machines/mark-done/mark-done.host';
import { createMarkDoneMachine } from '../../src/machines/mark-done/mark-done.machine';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { quietUnrepliedList } from '../support/native-dashboard-fixtures';
import { offlineClient } from '../support/offline-client';

// The dashboard loads Mark as done's machine with the first click (issue 23's first-load
// budget): the host must load it once, however many clicks come before it arrives, and show
// the busy row as the machine would.

afterEach(() => dismissAllToasts());

/** A host whose machine answers each close when `release` is called. */
async function startedHost() {
  const calls: string[] = [];
  let release = () => {};
  const closed = new Promise<void>((resolve) => (release = resolve));
  let loads = 0;
  const machine = createMarkDoneMachine(offlineClient).provide({
    actors: {
      closeRequest: fromPromise<unknown, ClosureInput>(async ({ input }) => {
        calls.push(`close ${input.id}`);
        await closed;
        return undefined;
      }),
    },
  });
  const host = new MarkDoneHost(async () => {
    loads += 1;
    return machine;
  }, createActor(quietUnrepliedList).start());
  return { host, calls, release, loads: () => loads };
}

const until = (host: MarkDoneHost, check: () => boolean) =>
  new Promise<void>((resolve) => {
    if (check()) return resolve();
    const stop = host.subscribe(() => {
      if (!check()) return;
      stop();
      resolve();
    });
  });

describe('Mark as done, loaded with the first click', () => {
  it('is idle before any click, then shows the row busy until the close answers', async () => {
    const { host, calls, release, loads } = await startedHost();
    expect(host.view()).toEqual({ busy: false, busyId: null });
    expect(loads()).toBe(0);
    host.markDone('3-41');
    await until(host, () => host.view().busy);
    expect(host.view()).toEqual({ busy: true, busyId: '3-41' });
    release();
    await until(host, () => !host.view().busy);
    expect(calls).toEqual(['close 3-41']);
    expect(getToasts().map((item) => item.title)).toEqual(['Marked as done']);
  });

  it('loads the machine once for clicks that come before it arrives', async () => {
    const { host, calls, release, loads } = await startedHost();
    host.markDone('3-41');
    host.markDone('3-41');
    release();
    await until(host, () => calls.length > 0 && !host.view().busy);
    expect(loads()).toBe(1);
    expect(calls).toEqual(['close 3-41']);
  });

  it('stopped, shows idle and starts afresh on the next click', async () => {
    const { host, calls, release, loads } = await startedHost();
    host.markDone('3-41');
    await until(host, () => host.view().busy);
    host.stop();
    expect(host.view()).toEqual({ busy: false, busyId: null });
    release();
    host.markDone('3-42');
    await until(host, () => host.view().busyId === '3-42');
    expect(loads()).toBe(2);
    expect(calls).toEqual(['close 3-41', 'close 3-42']);
  });
});

import type { ReportChoices, ReportList, ReportQueued } from '../../src/api/types';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { ReportsActors } from '../../src/machines/reports/reports.actors';
import { createReportsMachine } from '../../src/machines/reports/reports.machine';
import { withRecipient } from '../../src/machines/reports/reports.draft';
import { reportsView } from '../../src/machines/reports/reports.view';
import { modalSaveView } from '../../src/machines/shared/modal-save.view';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { makeFeatures } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { ADA, makeReport, reportList, reportsMachineOver, VERA } from '../support/reports-fixtures';
import { transitionChecks } from './support/checks';

// What a user notices after one event: which form opens with what in it, whose mailboxes it
// offers, and what "Send me one now" tells. The list comes from the seed and its refresh never
// answers; the other calls answer as each test says.

const checks = transitionChecks();
const reports = createReportsMachine(offlineClient);

const never = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => undefined));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const QUEUED: ReportQueued = { to: ADA.email, period: { from: '2026-11-16', to: '2026-11-22' } };

interface Calls {
  choices: string[];
  sent: number[];
}

function start(seed: ReportList, answers: { send?: 'ok' | 'fail' } = {}) {
  const calls: Calls = { choices: [], sent: [] };
  const actors: ReportsActors = {
    loadReports: never(),
    loadChoices: fromPromise<ReportChoices, { email: string }>(async ({ input }) => {
      calls.choices.push(input.email);
      return { email: input.email, mailboxes: [{ email: input.email, full_name: '' }], teams: [] };
    }),
    sendReportNow: fromPromise<ReportQueued, { id: number }>(async ({ input }) => {
      calls.sent.push(input.id);
      if (answers.send === 'fail') {
        throw new ApiFailure({ kind: 'invalid', message: 'This report covers no mailbox.' });
      }
      return QUEUED;
    }),
    saveReport: never(),
    removeReports: never(),
  };
  const actor = createActor(reportsMachineOver(actors), {
    input: { seed, features: makeFeatures(), self: ADA, recipients: [ADA, VERA] },
  }).start();
  const editor = () => {
    const child = actor.getSnapshot().children.editor;
    if (!child) throw new Error('no editor');
    return modalSaveView(child.getSnapshot());
  };
  return { actor, calls, editor };
}

const toasts = () => getToasts().map(({ title, description }) => ({ title, description }));

beforeEach(() => dismissAllToasts());

describe('the dashboard panel', () => {
  checks.it(
    reports,
    ['hasNoReports', 'openEditor', 'assignChoicesFor', 'assignChoices'],
    'opens on the form for a first report of one’s own, offering one’s own mailboxes',
    async () => {
      const { actor, calls, editor } = start(reportList([makeReport(2, VERA.email)]));
      actor.send({ type: 'OPEN_PANEL' });
      await flush();
      expect(editor()).toMatchObject({ open: true, draft: { id: null, email: ADA.email } });
      expect(calls.choices).toEqual([ADA.email]);
      expect(reportsView(actor.getSnapshot()).choicesStatus).toBe('ready');
    },
  );

  checks.it(reports, ['hasNoReports'], 'opens on the list when one has reports already', () => {
    const { actor, calls, editor } = start(reportList([makeReport(1, ADA.email)]));
    actor.send({ type: 'OPEN_PANEL' });
    expect(actor.getSnapshot().matches({ ready: { panel: 'open' } })).toBe(true);
    expect(editor().open).toBe(false);
    expect(calls.choices).toEqual([]);
  });
});

describe('the editor', () => {
  checks.it(
    reports,
    ['openEditor', 'assignChoicesFor', 'assignChoices'],
    "opens a report with its narrowing, and offers its recipient's mailboxes",
    async () => {
      const hers = makeReport(2, VERA.email, { mailboxes: [VERA.email] });
      const { actor, calls, editor } = start(reportList([hers]));
      actor.send({ type: 'EDIT', subscription: hers });
      await flush();
      expect(editor().draft).toEqual({
        id: 2,
        email: VERA.email,
        frequency: 'weekly',
        narrowBy: 'mailboxes',
        mailboxes: [VERA.email],
        teams: [],
      });
      expect(calls.choices).toEqual([VERA.email]);
      expect(reportsView(actor.getSnapshot()).choices?.email).toBe(VERA.email);
    },
  );

  checks.it(
    reports,
    ['openEditor', 'assignChoicesFor', 'assignChoices'],
    'with another recipient starts the narrowing over and loads what they may see',
    async () => {
      const { actor, calls, editor } = start(reportList([]));
      actor.send({ type: 'CREATE' });
      await flush();
      const narrowed = { ...editor().draft, narrowBy: 'mailboxes' as const, mailboxes: ['x@acme'] };
      actor.getSnapshot().children.editor?.send({ type: 'EDIT', draft: narrowed });
      actor.send({ type: 'CHOOSE_RECIPIENT', draft: withRecipient(narrowed, VERA.email) });
      await flush();
      expect(editor().draft).toMatchObject({ email: VERA.email, narrowBy: 'none', mailboxes: [] });
      expect(calls.choices).toEqual([ADA.email, VERA.email]);
      expect(reportsView(actor.getSnapshot()).choices?.email).toBe(VERA.email);
    },
  );

  it('cannot save a narrowing that names nothing', async () => {
    const { actor, editor } = start(reportList([]));
    actor.send({ type: 'CREATE' });
    await flush();
    actor.getSnapshot().children.editor?.send({
      type: 'EDIT',
      draft: { ...editor().draft, narrowBy: 'teams', teams: [] },
    });
    expect(editor().canSubmit).toBe(false);
  });
});

describe('Send me one now', () => {
  checks.it(
    reports,
    ['assignSending', 'showSent'],
    'toasts the period and where it goes, and takes one at a time',
    async () => {
      const mine = makeReport(1, ADA.email);
      const { actor, calls } = start(reportList([mine]));
      actor.send({ type: 'SEND_NOW', subscription: mine });
      actor.send({ type: 'SEND_NOW', subscription: mine });
      expect(reportsView(actor.getSnapshot()).sendingId).toBe(1);
      await flush();
      expect(calls.sent).toEqual([1]);
      expect(toasts()).toEqual([
        {
          title: 'Report on its way',
          description: `The report for Nov 16 – 22, 2026 is being sent to ${ADA.email}.`,
        },
      ]);
      expect(reportsView(actor.getSnapshot()).sendingId).toBeNull();
    },
  );

  checks.it(
    reports,
    ['showSendFailed', 'assignSending'],
    "tells the server's reason when it cannot",
    async () => {
      const mine = makeReport(1, ADA.email);
      const { actor } = start(reportList([mine]), { send: 'fail' });
      actor.send({ type: 'SEND_NOW', subscription: mine });
      await flush();
      expect(toasts()).toEqual([
        { title: "We couldn't send the report", description: 'This report covers no mailbox.' },
      ]);
    },
  );
});

describe('Remove', () => {
  checks.it(reports, ['openRemover'], 'asks about the reports by recipient and frequency', () => {
    const hers = makeReport(2, VERA.email, { frequency: 'daily' });
    const { actor } = start(reportList([hers]));
    actor.send({ type: 'REMOVE', subscriptions: [hers] });
    const remover = actor.getSnapshot().children.remover?.getSnapshot();
    expect(remover?.hasTag('visible')).toBe(true);
    expect(remover?.context.draft).toEqual({ ids: [2], names: [`${VERA.email}'s daily report`] });
  });
});

checks.keep();

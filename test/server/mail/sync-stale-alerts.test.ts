import { afterEach, describe, expect, it } from 'vitest';
import { checkStaleMailboxes } from '../../../server/sync-alerts/check';
import { subjectOf } from '../../../server/sync-alerts/notification';
import { claimDueMailboxes, failSync } from '../../../server/repos/mailbox-sync';
import { addUser } from '../../../server/repos/workspaces';
import { startSmtp } from '../support/smtp';
import { decoded, drainer, PUBLIC_URL, staleSyncWorkspace } from '../support/stale-sync';
import { setUpTestApp } from '../support/suite';

// A mailbox that stops syncing is told to its workspace's admins (docs/operations.md): with its
// own Dovecot stopped, the sync fails; past SYNC_STALE_ALERT_MIN every admin gets one email with
// the provider's reason, again a day later, and one when a sync completes again.

const t = setUpTestApp('stale', { perTest: true });
const THRESHOLD_MIN = 60;
const START = '2027-03-08T10:00:00Z';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const check = (at: Date) => checkStaleMailboxes(t.db, at, THRESHOLD_MIN);

async function setUp(name?: string) {
  const smtp = await startSmtp();
  closers.push(smtp.close);
  const box = await staleSyncWorkspace(t, START, name);
  closers.push(() => box.dovecot.close());
  // Another workspace's admin is never told of this one's mailbox.
  const other = await t.workspace();
  await addUser(t.db, other.workspaceId, {
    email: `admin2@${other.domain}`,
    full_name: 'Other',
    role: 'admin',
  });
  return { smtp, box, drain: drainer(t.db, smtp.url) };
}

describe('a mailbox that stops syncing', () => {
  it('is told to every admin once past the threshold, again a day later, and once it syncs again', async () => {
    const { smtp, box, drain } = await setUp();
    const { ws, email, clock } = box;
    const admins = [`admin@${ws.domain}`, `second-admin@${ws.domain}`];
    expect(await box.sync()).toMatchObject({ ok: true });

    await box.dovecot.stop();
    clock.advance(60);
    const failed = await box.sync();
    expect(failed).toMatchObject({ ok: false });
    expect(failed?.error).toContain('connection refused');
    const failingSince = clock.now().toISOString();

    // The Mailboxes tab shows why, as it did before.
    const listed = await t.admin(ws).get('/portal/api/settings/mailboxes/');
    const [shown] = listed.json<{ mailboxes: { last_error: string }[] }>().mailboxes;
    expect(shown?.last_error).toBe(failed?.error);

    clock.advance(59 * 60);
    expect(await box.sync()).toMatchObject({ ok: false });
    expect(await check(clock.now())).toEqual({ mailboxes: 0, emails: 0 });

    clock.advance(61);
    expect(await check(clock.now())).toEqual({ mailboxes: 1, emails: 2 });
    expect(await check(clock.now())).toEqual({ mailboxes: 0, emails: 0 });
    expect(await drain(clock.now())).toMatchObject({ delivered: 2, failed: 0 });
    expect(smtp.state.received.map((m) => m.recipients).sort()).toEqual(admins.map((a) => [a]));
    for (const mail of smtp.state.received) {
      const text = decoded(mail.raw);
      expect(text).toContain(
        `Subject: Mailpulse: ${email} has not synced since ${failingSince.slice(0, 10)} 10:01 UTC`,
      );
      expect(text).toContain(failed?.error);
      expect(text).toMatch(/^Auto-Submitted: auto-generated$/m);
      expect(text).toContain(`${PUBLIC_URL}/settings/mailboxes`);
    }

    clock.advance(23 * 3600);
    expect(await box.sync()).toMatchObject({ ok: false });
    expect(await check(clock.now())).toEqual({ mailboxes: 0, emails: 0 });
    clock.advance(3600);
    expect(await check(clock.now())).toEqual({ mailboxes: 1, emails: 2 });
    expect(await check(clock.now())).toEqual({ mailboxes: 0, emails: 0 });
    await drain(clock.now());
    expect(smtp.state.received).toHaveLength(4);
    const reminders = smtp.state.received.slice(2).map((m) => decoded(m.raw));
    for (const text of reminders) {
      expect(text).toContain(`Subject: Mailpulse: ${email} still does not sync (since `);
      expect(text).toContain(failed?.error);
    }

    await box.dovecot.start();
    clock.advance(60);
    expect(await box.sync()).toMatchObject({ ok: true });
    expect(await check(clock.now())).toEqual({ mailboxes: 1, emails: 2 });
    expect(await check(clock.now())).toEqual({ mailboxes: 0, emails: 0 });
    await drain(clock.now());
    expect(smtp.state.received).toHaveLength(6);
    const recovered = smtp.state.received.slice(4);
    expect(recovered.map((m) => m.recipients).sort()).toEqual(admins.map((a) => [a]));
    for (const mail of recovered) {
      const text = decoded(mail.raw);
      expect(text).toContain(`Subject: Mailpulse: ${email} syncs again`);
      expect(text).not.toContain('connection refused');
    }
    expect(new Set(smtp.state.received.map((m) => m.messageId)).size).toBe(6);
  });

  it('is not told while it fails for less than the threshold, nor when it recovers then', async () => {
    const { smtp, box, drain } = await setUp();
    expect(await box.sync()).toMatchObject({ ok: true });
    await box.dovecot.stop();
    box.clock.advance(60);
    expect(await box.sync()).toMatchObject({ ok: false });
    box.clock.advance(THRESHOLD_MIN * 60 - 1);
    expect(await check(box.clock.now())).toEqual({ mailboxes: 0, emails: 0 });
    await box.dovecot.start();
    expect(await box.sync()).toMatchObject({ ok: true });
    box.clock.advance(3600);
    expect(await check(box.clock.now())).toEqual({ mailboxes: 0, emails: 0 });
    await drain(box.clock.now());
    expect(smtp.state.received).toEqual([]);
  });

  it('is told once per admin when two workers check at the same instant', async () => {
    const { smtp, box, drain } = await setUp();
    expect(await box.sync()).toMatchObject({ ok: true });
    await box.dovecot.stop();
    expect(await box.sync()).toMatchObject({ ok: false });
    box.clock.advance(THRESHOLD_MIN * 60 + 1);
    const runs = await Promise.all([check(box.clock.now()), check(box.clock.now())]);
    expect(runs.map((run) => run.emails).sort()).toEqual([0, 2]);
    await drain(box.clock.now());
    expect(smtp.state.received).toHaveLength(2);
  });

  it("tells the provider's hostile reason escaped, and keeps the subject one line", async () => {
    const { smtp, box, drain } = await setUp('Acme <b>"&</b>');
    const { ws, clock } = box;
    const reason = '<script>alert(1)</script> & "x"\r\nBcc: thief@evil.example';
    const filter = { workspaceId: ws.workspaceId, emails: [box.email] };
    const [claimed] = await claimDueMailboxes(t.db, 'hostile', clock.now(), 120, 1, filter);
    if (!claimed) throw new Error('the mailbox was not due');
    const failedAt = clock.now();
    await failSync(t.db, claimed, 'hostile', {
      message: reason,
      transient: true,
      retryAt: failedAt,
      failedAt,
    });
    clock.advance(THRESHOLD_MIN * 60);
    expect(await check(clock.now())).toEqual({ mailboxes: 1, emails: 2 });
    await drain(clock.now());
    expect(smtp.state.received).toHaveLength(2);
    for (const mail of smtp.state.received) {
      expect(mail.recipients).not.toContain('thief@evil.example');
      expect(mail.raw.split('\r\n\r\n')[0]).not.toMatch(/^Bcc:/im);
      const text = decoded(mail.raw);
      expect(text).toContain(
        '<blockquote>&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;x&#34;',
      );
      expect(text).toContain('of Acme &#60;b&#62;&#34;&#38;&#60;/b&#62; has failed');
      expect(text.split('Content-Type: text/html')[1]).not.toContain('<script>');
    }
    const payload = {
      event: 'failing' as const,
      to: `admin@${ws.domain}`,
      workspace: 'x',
      mailbox: 'a@b.example\r\nBcc: thief@evil.example',
      failing_since: failedAt.toISOString(),
      reason,
      checked_at: clock.now().toISOString(),
    };
    expect(subjectOf(payload)).toBe(
      'Mailpulse: a@b.example Bcc: thief@evil.example has not synced since 2027-03-08 10:00 UTC',
    );
  });
});

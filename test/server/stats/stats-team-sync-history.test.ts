import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/suite';
import { teamProvidersForFile, teamWorkspace, type TeamMail } from '../support/team-sync';

// Kept history and the per-batch refresh of the team's conversation (docs/statistics.md,
// definitions 2 and 13) through the sync worker of each connector (Dovecot for IMAP, the Gmail
// and the Graph stand-ins), as in stats-team-sync.test.ts: each case one conversation, its
// figures worked out by hand beside it.
//
// Tuesday 2026-02-10, no company hours (business time is calendar time), dates in UTC.

const suite = setUpTestApp('team-sync-history');
const providers = teamProvidersForFile();
const DAY = { from: '2026-02-10', to: '2026-02-10' };
const at = (time: string) => `2026-02-10T${time}:00Z`;
const CARLA = 'carla@client.example';
const same = (seconds: number) => ({ avg: seconds, median: seconds, p90: seconds });

const question = (to: string, more: Partial<TeamMail> = {}): TeamMail => ({
  thread: 'q',
  at: at('09:00'),
  from: CARLA,
  to: [to],
  subject: 'Broken pump',
  messageId: '<q@client.example>',
  ...more,
});

const answer = (from: string, time: string): TeamMail => ({
  thread: 'q',
  at: at(time),
  from,
  to: [CARLA],
  subject: 'Re: Broken pump',
  messageId: `<${time.replace(':', '')}@team.example>`,
  inReplyTo: '<q@client.example>',
  references: ['<q@client.example>'],
});

describe.each(providers)('the team conversation over time, through $name', ({ provider }) => {
  it('trash keeps the figures; an unanswered request all in trash is closed', async () => {
    const mail = provider();
    const team = await teamWorkspace(suite, mail);
    // H1: 09:00 Carla asks, 09:40 sales@ answers: replied after 2400 s.
    const trashed = [
      await mail.put(team.sales, 'inbox', question(team.sales)),
      await mail.put(team.sales, 'sent', answer(team.sales, '09:40')),
    ];
    // H2: 11:00 Dan asks; nobody answers.
    trashed.push(
      await mail.put(team.sales, 'inbox', {
        ...question(team.sales),
        thread: 'h2',
        at: at('11:00'),
        from: 'dan@client.example',
        messageId: '<h2@client.example>',
      }),
    );
    await team.sync(team.sales);
    const figures = { received: 2, replied: 1, unreplied: 1, sent: 1 };
    const forty = { business: same(2400), calendar: same(2400) };
    const before = await team.summary(DAY);
    expect(before).toMatchObject({ ...figures, awaiting: 1 });
    expect(before.response_time).toEqual(forty);
    // All three go to trash (the provider's own way), and the next sync reads the moves: H1
    // stays answered after 2400 s, H2 stays received and unreplied but no longer awaits.
    for (const toTrash of trashed) await toTrash();
    await team.sync(team.sales);
    const after = await team.summary(DAY);
    expect(after).toMatchObject({ ...figures, awaiting: 0 });
    expect(after.response_time).toEqual(forty);
    await team.rebuild();
    expect(await team.summary(DAY)).toEqual(after);
  });

  it("an answer synced into alice@ changes sales@'s figures at once, with no rebuild", async () => {
    const mail = provider();
    const team = await teamWorkspace(suite, mail);
    // 09:00 Carla asks sales@, which is synced and summarised (the summary is cached).
    await mail.put(team.sales, 'inbox', question(team.sales));
    await team.sync(team.sales);
    const waiting = { received: 1, replied: 0, unreplied: 1, awaiting: 1 };
    expect(await team.summary(DAY, team.sales)).toMatchObject(waiting);
    // 09:05 Alice answers from alice@, naming Carla's message; only alice@ is synced then.
    await mail.put(team.alice, 'sent', answer(team.alice, '09:05'));
    await team.sync(team.alice);
    // Replied after 300 s, by alice@'s batch alone. On Graph a sent item carries no
    // In-Reply-To (PidTagInReplyToId, 0x1042, is not read): the answer joins by its subject
    // (definition 2).
    const sales = await team.summary(DAY, team.sales);
    expect(sales).toMatchObject({ received: 1, replied: 1, unreplied: 0, awaiting: 0 });
    expect(sales.response_time).toEqual({ business: same(300), calendar: same(300) });
  });

  it("a copy synced into alice@ with her answer joins sales@'s request at once", async () => {
    const mail = provider();
    const team = await teamWorkspace(suite, mail);
    // 09:00 Carla writes To sales@, Cc alice@; sales@ is synced and summarised first.
    const asked = question(team.sales, { cc: [team.alice] });
    await mail.put(team.sales, 'inbox', asked);
    await team.sync(team.sales);
    expect(await team.summary(DAY, team.sales)).toMatchObject({ received: 1, awaiting: 1 });
    // alice@ holds her copy and, in the same thread of hers, her 09:10 answer; its sync joins
    // her thread to sales@'s by the copy's Message-ID, on every provider (Graph's
    // conversationId joins the answer to her copy). Replied after 600 s.
    await mail.put(team.alice, 'inbox', asked);
    await mail.put(team.alice, 'sent', answer(team.alice, '09:10'));
    await team.sync(team.alice);
    const ten = { business: same(600), calendar: same(600) };
    const sales = await team.summary(DAY, team.sales);
    expect(sales).toMatchObject({ received: 1, replied: 1, unreplied: 0, awaiting: 0, sent: 0 });
    expect(sales.response_time).toEqual(ten);
    // Over the team: the one request, once, and Alice's one answer.
    const all = await team.summary(DAY);
    expect(all).toMatchObject({ received: 1, replied: 1, awaiting: 0, sent: 1 });
    expect(all.response_time).toEqual(ten);
  });
});

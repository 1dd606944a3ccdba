import { saveFiltering } from '../../../server/repos/filtering';
import { insertTeam, replaceMembers } from '../../../server/repos/teams';
import { emptyExcludedFilters } from '../../../common/exclusions';
import { addMailbox, statsScenario, type StatsMailbox, type StatsScenario } from './stats';
import type { TestSuite } from './suite';

// A workspace with hand-known mail for the BI views: Madrid hours Monday to Friday 09:00–17:30,
// sales@ (team Front) and support@, the week of Monday 2026-11-23 (UTC+1).

export interface BiScenario extends StatsScenario {
  support: StatsMailbox;
  teamId: number;
}

export const BI_WEEK = { from: '2026-11-23', to: '2026-11-29' };

export async function biScenario(suite: TestSuite): Promise<BiScenario> {
  const s = await statsScenario(suite);
  const support = await addMailbox(suite.db, s.ws.workspaceId, `support@${s.ws.domain}`);
  const teamId = await suite.db.transaction(async (tx) => {
    const filters = emptyExcludedFilters();
    filters.subject.contains = ['newsletter'];
    await saveFiltering(tx, s.ws.workspaceId, { excludedFilters: filters, internalDomains: [] });
    const id = await insertTeam(tx, s.ws.workspaceId, 'Front');
    await replaceMembers(tx, s.ws.workspaceId, id, [s.sales.mailboxId]);
    return id;
  });
  await s.insert([
    // Mon 16:30 → Tue 10:30: 2 h 30 min business, 18 h calendar.
    { thread: 'madrid', at: '2026-11-23T15:30:00Z' },
    { thread: 'madrid', direction: 'outbound', at: '2026-11-24T09:30:00Z' },
    // Two messages, one request, answered after 1 h.
    { thread: 'run', at: '2026-11-23T08:00:00Z' },
    { thread: 'run', at: '2026-11-23T08:30:00Z' },
    { thread: 'run', direction: 'outbound', at: '2026-11-23T09:00:00Z' },
    { thread: 'inside', at: '2026-11-25T10:00:00Z', from: `colleague@${s.ws.domain}` },
    { thread: 'news', at: '2026-11-25T10:00:00Z', subject: 'Weekly newsletter' },
    // Outreach: we write first and nobody answers yet. Sent, and no request.
    { thread: 'outreach', direction: 'outbound', at: '2026-11-26T09:00:00Z' },
  ]);
  await s.insert(
    [
      { thread: 'waiting', at: '2026-11-24T10:00:00Z', from: "o'brien@client.example" },
      { thread: 'auto', at: '2026-11-24T10:00:00Z', autoSubmitted: 'auto-replied' },
      // Answered in 30 min, then asked again and still waiting.
      { thread: 'again', at: '2026-11-25T10:00:00Z' },
      { thread: 'again', direction: 'outbound', at: '2026-11-25T10:30:00Z' },
      { thread: 'again', at: '2026-11-26T12:00:00Z' },
    ],
    support,
  );
  await s.rebuild();
  return { ...s, support, teamId };
}

import type { ReportView } from './report-view';

// The text part of a report email: the same view as the HTML, laid out for a plain-text reader.

const rule = (title: string) => [title, '-'.repeat(title.length)];

function tileLines(view: ReportView): string[] {
  return view.tiles.map((tile) =>
    tile.change.text
      ? `${tile.name}: ${tile.value} (${tile.change.text})`
      : `${tile.name}: ${tile.value}`,
  );
}

function waitingLines(view: ReportView): string[] {
  if (view.waiting.rows.length === 0) return ['Nothing is awaiting a reply.'];
  return view.waiting.rows.map(
    (row) => `- ${row.waiting}: ${row.from} to ${row.mailbox}, "${row.subject}"`,
  );
}

function breakdownLines(view: ReportView): string[] {
  const lines = view.breakdown.rows.map(
    (row) =>
      `- ${row.key}: ${row.received} received, ${row.sent} sent, ${row.unreplied} unreplied, ` +
      `median ${row.median}`,
  );
  if (view.breakdown.more > 0) lines.push(`And ${view.breakdown.more} more on the dashboard.`);
  return lines;
}

export function reportText(view: ReportView): string {
  return [
    `${view.title}, ${view.period}`,
    `Compared with ${view.previous}. ${view.scope}.`,
    '',
    ...tileLines(view),
    '',
    ...rule('Waiting longest'),
    ...waitingLines(view),
    '',
    ...rule(`By ${view.breakdown.by.toLowerCase()}`),
    ...breakdownLines(view),
    '',
    `Open the dashboard: ${view.dashboardUrl}`,
    '',
    '--',
    `You get this ${view.frequency} report of ${view.workspace} at ${view.recipient}.`,
    `Unsubscribe from this report: ${view.unsubscribeUrl}`,
    '',
  ].join('\n');
}

import { Section, Text } from '@react-email/components';
import { token } from './email-tokens';
import { card, CardTitle, number, td, text, th } from './report-email-parts';
import type { BreakdownRowView, ReportView } from './report-view';

// The report's tables: the longest-waiting threads, and the breakdown with a bar per row made of
// table cells, so it shows without images and reads as a table.

export function Waiting({ waiting }: { waiting: ReportView['waiting'] }) {
  const note =
    waiting.total > waiting.rows.length
      ? `The ${waiting.rows.length} waiting longest of ${waiting.total} awaiting a reply.`
      : 'Emails of the period still awaiting a reply, longest first.';
  return (
    <Section style={card}>
      <CardTitle note={waiting.rows.length > 0 ? note : undefined}>Waiting longest</CardTitle>
      {waiting.rows.length === 0 ? (
        <Text style={{ ...text(14, token('--color-text-muted')), marginTop: '8px' }}>
          Nothing is awaiting a reply. Well done.
        </Text>
      ) : (
        <table
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          role="presentation"
          style={{ marginTop: '12px' }}
        >
          <thead>
            <tr>
              <th style={th}>From</th>
              <th style={th}>Subject</th>
              <th style={{ ...th, textAlign: 'right', paddingRight: 0 }}>Waiting</th>
            </tr>
          </thead>
          <tbody>
            {waiting.rows.map((row, index) => (
              <tr key={index}>
                <td style={td}>
                  {row.from}
                  <br />
                  <span style={text(12, token('--color-text-subtle'))}>to {row.mailbox}</span>
                </td>
                <td style={td}>{row.subject}</td>
                <td style={{ ...number, paddingRight: 0, fontWeight: 600 }}>{row.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

/** A horizontal bar of table cells: the brand colour over the row's share of the largest. */
function Bar({ share }: { share: number }) {
  const filled = Math.max(2, Math.round(share * 100));
  return (
    <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" aria-hidden="true">
      <tbody>
        <tr>
          <td
            width={`${filled}%`}
            style={{ height: '6px', backgroundColor: token('--color-brand'), borderRadius: '3px' }}
          />
          {filled < 100 && (
            <td style={{ height: '6px', backgroundColor: token('--color-surface-muted') }} />
          )}
        </tr>
      </tbody>
    </table>
  );
}

function BreakdownRow({ row }: { row: BreakdownRowView }) {
  return (
    <tr>
      <td style={{ ...td, width: '44%' }}>
        {row.key}
        <div style={{ marginTop: '6px' }}>
          <Bar share={row.bar} />
        </div>
      </td>
      <td style={number}>{row.received}</td>
      <td style={number}>{row.sent}</td>
      <td style={number}>{row.unreplied}</td>
      <td style={{ ...number, paddingRight: 0 }}>{row.median}</td>
    </tr>
  );
}

export function Breakdown({ breakdown }: { breakdown: ReportView['breakdown'] }) {
  const right = { ...th, textAlign: 'right' } as const;
  return (
    <Section style={card}>
      <CardTitle note="The bars show each one's received emails.">
        {`By ${breakdown.by.toLowerCase()}`}
      </CardTitle>
      <table width="100%" cellPadding={0} cellSpacing={0} style={{ marginTop: '12px' }}>
        <thead>
          <tr>
            <th style={th}>{breakdown.by}</th>
            <th style={right}>Received</th>
            <th style={right}>Sent</th>
            <th style={right}>Unreplied</th>
            <th style={{ ...right, paddingRight: 0 }}>Median</th>
          </tr>
        </thead>
        <tbody>
          {breakdown.rows.map((row) => (
            <BreakdownRow key={row.key} row={row} />
          ))}
        </tbody>
      </table>
      {breakdown.more > 0 && (
        <Text style={{ ...text(13, token('--color-text-muted')), marginTop: '10px' }}>
          {`And ${breakdown.more} more on the dashboard.`}
        </Text>
      )}
    </Section>
  );
}

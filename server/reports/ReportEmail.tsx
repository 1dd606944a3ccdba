import type { CSSProperties, ReactNode } from 'react';
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { token } from './email-tokens';
import type { BreakdownRowView, ReportView, TileView, Tone } from './report-view';

// The report email, rendered on the server by React Email: tables and inline styles only (what
// Outlook and Gmail read), no image and no link but the portal's. The chart is a bar per
// breakdown row made of table cells, so it shows without images and reads as a table.

const text = (size: number, color = token('--color-text')): CSSProperties => ({
  margin: 0,
  fontSize: `${size}px`,
  lineHeight: 1.45,
  color,
});

const card: CSSProperties = {
  backgroundColor: token('--color-surface'),
  border: `1px solid ${token('--color-border')}`,
  borderRadius: token('--radius-lg'),
  padding: '24px',
  marginTop: '16px',
};

const TONE_COLOURS: Record<Tone, string> = {
  better: token('--color-success-700'),
  worse: token('--color-danger-700'),
  neutral: token('--color-text-subtle'),
  none: token('--color-text-subtle'),
};

function Tile({ tile }: { tile: TileView }) {
  const empty = tile.value === 'No data';
  return (
    <Column style={{ width: '50%', padding: '6px', verticalAlign: 'top' }}>
      <Section
        style={{
          backgroundColor: token('--color-bg'),
          borderRadius: token('--radius-md'),
          padding: '12px 14px',
        }}
      >
        <Text style={{ ...text(12, token('--color-text-muted')), fontWeight: 500 }}>
          {tile.name}
        </Text>
        <Text
          style={{
            ...text(empty ? 16 : 22, empty ? token('--color-text-subtle') : undefined),
            fontWeight: 600,
            marginTop: '4px',
          }}
        >
          {tile.value}
        </Text>
        <Text style={{ ...text(12, TONE_COLOURS[tile.change.tone]), marginTop: '2px' }}>
          {tile.change.text || ' '}
        </Text>
      </Section>
    </Column>
  );
}

function Tiles({ tiles }: { tiles: TileView[] }) {
  const pairs: TileView[][] = [];
  for (let i = 0; i < tiles.length; i += 2) pairs.push(tiles.slice(i, i + 2));
  return (
    <Section style={{ marginTop: '8px' }}>
      {pairs.map((pair) => (
        <Row key={pair[0]?.name}>
          {pair.map((tile) => (
            <Tile key={tile.name} tile={tile} />
          ))}
        </Row>
      ))}
    </Section>
  );
}

const th: CSSProperties = {
  ...text(11, token('--color-text-subtle')),
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  textAlign: 'left',
  padding: '0 8px 8px 0',
  borderBottom: `1px solid ${token('--color-border')}`,
};
const td: CSSProperties = {
  ...text(13),
  padding: '10px 8px 10px 0',
  borderBottom: `1px solid ${token('--color-border')}`,
  verticalAlign: 'top',
};
const number: CSSProperties = { ...td, textAlign: 'right', whiteSpace: 'nowrap' };

function CardTitle({ children, note }: { children: ReactNode; note?: string }) {
  return (
    <>
      <Heading as="h2" style={{ ...text(16), fontWeight: 600 }}>
        {children}
      </Heading>
      {note && (
        <Text style={{ ...text(13, token('--color-text-muted')), marginTop: '2px' }}>{note}</Text>
      )}
    </>
  );
}

function Waiting({ waiting }: { waiting: ReportView['waiting'] }) {
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

function Breakdown({ breakdown }: { breakdown: ReportView['breakdown'] }) {
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

function Footer({ view }: { view: ReportView }) {
  const small = text(12, token('--color-text-subtle'));
  return (
    <Section style={{ padding: '20px 8px 0' }}>
      <Text style={small}>
        {`You get this ${view.frequency} report of ${view.workspace} at ${view.recipient}. `}
        {'It covers: '}
        {view.scope}.
      </Text>
      <Text style={{ ...small, marginTop: '8px' }}>
        <Link href={view.unsubscribeUrl} style={{ color: token('--color-text-muted') }}>
          Unsubscribe from this report
        </Link>
        {' · '}
        <Link href={view.dashboardUrl} style={{ color: token('--color-text-muted') }}>
          Open Mailpulse
        </Link>
      </Text>
    </Section>
  );
}

/** The whole email. */
export function ReportEmail({ view }: { view: ReportView }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{view.preview}</Preview>
      <Body
        style={{
          margin: 0,
          backgroundColor: token('--color-bg'),
          fontFamily: token('--font-sans'),
          color: token('--color-text'),
        }}
      >
        <Container style={{ maxWidth: '600px', padding: '32px 16px' }}>
          <Text style={{ ...text(15, token('--color-brand')), fontWeight: 700 }}>Mailpulse</Text>
          <Section style={card}>
            <Heading as="h1" style={{ ...text(22), fontWeight: 700 }}>
              {view.title}
            </Heading>
            <Text style={{ ...text(14, token('--color-text-muted')), marginTop: '4px' }}>
              {`${view.period}, compared with ${view.previous}. ${view.scope}.`}
            </Text>
            <Tiles tiles={view.tiles} />
            <Section style={{ marginTop: '16px' }}>
              <Button
                href={view.dashboardUrl}
                style={{
                  backgroundColor: token('--color-brand'),
                  color: token('--color-text-inverse'),
                  borderRadius: token('--radius-md'),
                  padding: '10px 16px',
                  fontSize: '14px',
                  fontWeight: 600,
                }}
              >
                Open the dashboard
              </Button>
            </Section>
          </Section>
          <Waiting waiting={view.waiting} />
          <Breakdown breakdown={view.breakdown} />
          <Hr style={{ borderColor: token('--color-border'), margin: '24px 0 0' }} />
          <Footer view={view} />
        </Container>
      </Body>
    </Html>
  );
}

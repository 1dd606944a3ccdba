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
import { card, text } from './report-email-parts';
import { Breakdown, Waiting } from './report-email-tables';
import type { ReportView, TileView, Tone } from './report-view';

// The report email, rendered on the server by React Email: tables and inline styles only (what
// Outlook and Gmail read), no image and no link but the portal's. The chart is a bar per
// breakdown row made of table cells, so it shows without images and reads as a table.

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

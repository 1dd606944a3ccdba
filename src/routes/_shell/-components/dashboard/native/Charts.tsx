import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { StatsDistribution, StatsTimeseries } from '@/api/types';
import { formatDay } from '@/domain/dates';
import { formatDuration } from '@/domain/durations';
import { ChartCard } from './ChartCard';
import { UPlotChart } from './UPlotChart';

// The uPlot charts, in their own chunk: the dashboard route loads them after its tiles.

/** Chart colours come from the tokens, read once from the document. */
function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

function axes(yFormat: (value: number) => string): uPlot.Axis[] {
  const grid = { stroke: token('--color-gray-200'), width: 1 };
  const font = `12px ${token('--font-sans')}`;
  const stroke = token('--color-text-muted');
  return [
    { grid, stroke, font, ticks: { show: false } },
    {
      grid,
      stroke,
      font,
      ticks: { show: false },
      size: 64,
      values: (_, ticks) => ticks.map(yFormat),
    },
  ];
}

function VolumeChart({ series }: { series: StatsTimeseries }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      series.points.map((p) => seconds(p.period)),
      series.points.map((p) => p.received),
      series.points.map((p) => p.replied),
    ],
    [series],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      tzDate: (ts) => uPlotTz(ts),
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: axes((v) => String(Math.round(v))),
      series: [
        {},
        {
          label: 'Received',
          stroke: token('--color-brand-600'),
          width: 2,
          fill: token('--chart-fill-brand'),
        },
        { label: 'Replied', stroke: token('--color-success-600'), width: 2 },
      ],
    }),
    [],
  );
  return <UPlotChart options={options} data={data} height={240} />;
}

function MedianChart({ series }: { series: StatsTimeseries }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      series.points.map((p) => seconds(p.period)),
      series.points.map((p) => (p.business.median === null ? null : p.business.median)),
    ],
    [series],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      tzDate: (ts) => uPlotTz(ts),
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: axes(axisDuration),
      series: [
        {},
        {
          label: 'Median response time',
          stroke: token('--color-brand-700'),
          width: 2,
          spanGaps: true,
          value: (_, v) => (v === null ? '–' : formatDuration(v)),
        },
      ],
    }),
    [],
  );
  return <UPlotChart options={options} data={data} height={240} />;
}

/** Short enough for the axis: 45 min, 1.5 h, 2 d. */
function axisDuration(value: number): string {
  if (value === 0) return '0';
  if (value < 3600) return `${Math.round(value / 60)} min`;
  if (value < 86_400) return `${Number((value / 3600).toFixed(1))} h`;
  return `${Number((value / 86_400).toFixed(1))} d`;
}

/** The days are calendar days: drawn in UTC so no time zone moves a point. */
function uPlotTz(ts: number): Date {
  const date = new Date(ts * 1000);
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

const BUCKETS = [
  ['under_1h', 'Under 1 h'],
  ['from_1h_to_4h', '1–4 h'],
  ['from_4h_to_24h', '4–24 h'],
  ['from_1d_to_3d', '1–3 days'],
  ['over_3d', 'Over 3 days'],
  ['still_waiting', 'Still waiting'],
] as const satisfies readonly (readonly [keyof StatsDistribution, string])[];

function DistributionBars({ distribution }: { distribution: StatsDistribution }) {
  const max = Math.max(1, ...BUCKETS.map(([key]) => distribution[key]));
  return (
    <ol className="dist-bars">
      {BUCKETS.map(([key, label]) => (
        <li key={key} className={`dist-bar dist-bar-${key}`}>
          <span className="dist-bar-label">{label}</span>
          <span className="dist-bar-track">
            <span
              className="dist-bar-fill"
              style={{ width: `${(distribution[key] / max) * 100}%` }}
            />
          </span>
          <span className="dist-bar-value">{distribution[key].toLocaleString('en-US')}</span>
        </li>
      ))}
    </ol>
  );
}

function SeriesTable({ series, replied }: { series: StatsTimeseries; replied: boolean }) {
  const period = series.granularity === 'week' ? 'Week of' : 'Day';
  return (
    <table className="dash-table">
      <thead>
        <tr>
          <th scope="col">{period}</th>
          {replied ? (
            <>
              <th scope="col">Received</th>
              <th scope="col">Replied</th>
            </>
          ) : (
            <th scope="col">Median response time</th>
          )}
        </tr>
      </thead>
      <tbody>
        {series.points.map((p) => (
          <tr key={p.period}>
            <th scope="row">{formatDay(p.period)}</th>
            {replied ? (
              <>
                <td>{p.received}</td>
                <td>{p.replied}</td>
              </>
            ) : (
              <td>{p.business.median === null ? 'No data' : formatDuration(p.business.median)}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DistributionTable({ distribution }: { distribution: StatsDistribution }) {
  return (
    <table className="dash-table">
      <thead>
        <tr>
          <th scope="col">Response time</th>
          <th scope="col">Requests</th>
        </tr>
      </thead>
      <tbody>
        {BUCKETS.map(([key, label]) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td>{distribution[key]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface ChartsProps {
  series: StatsTimeseries;
  distribution: StatsDistribution;
}

export function Charts({ series, distribution }: ChartsProps) {
  const per = series.granularity === 'week' ? 'week' : 'day';
  return (
    <>
      <ChartCard
        title="Received and replied"
        description={`Line chart of received and replied emails per ${per}`}
        chart={<VolumeChart series={series} />}
        table={<SeriesTable series={series} replied />}
      />
      <ChartCard
        title="Median response time"
        note="Business time"
        description={`Line chart of the median business response time per ${per}`}
        chart={<MedianChart series={series} />}
        table={<SeriesTable series={series} replied={false} />}
      />
      <ChartCard
        title="Response time distribution"
        note="Business time; requests of the period"
        description="Bar chart of requests by business response time, and those still waiting"
        chart={<DistributionBars distribution={distribution} />}
        table={<DistributionTable distribution={distribution} />}
      />
    </>
  );
}

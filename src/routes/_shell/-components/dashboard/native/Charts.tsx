import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { StatsDistribution, StatsTimeseries } from '@/api/types';
import type { TimeBasis } from '@/domain/dashboard-search';
import { formatDay } from '@/domain/dates';
import { formatDuration } from '@common/durations';
import { formatCount } from '@common/numbers';
import { axes, axisDuration, DAY_STEPS, DURATION_STEPS, token } from './chart-style';
import { ChartCard } from './ChartCard';
import { DistributionChart, DistributionTable } from './DistributionChart';
import { UPlotChart } from './UPlotChart';

// The uPlot charts, in their own chunk: the dashboard route loads them after its tiles.

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The days are calendar days: drawn in UTC so no time zone moves a point. */
function uPlotTz(ts: number): Date {
  const date = new Date(ts * 1000);
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

const timeOptions = {
  tzDate: uPlotTz,
  legend: { live: false },
  cursor: { drag: { x: false, y: false } },
  scales: { x: { time: true } },
} satisfies Partial<uPlot.Options>;

const dayLabel = (ts: number) =>
  uPlotTz(ts).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/** The day axis: Oct 26, one tick a day at most. */
const dayAxis: uPlot.Axis = {
  incrs: DAY_STEPS,
  values: (_, ticks) => ticks.map(dayLabel),
};

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
      ...timeOptions,
      axes: axes((v) => formatCount(Math.round(v)), dayAxis),
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

function MedianChart({ series, time }: { series: StatsTimeseries; time: TimeBasis }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [series.points.map((p) => seconds(p.period)), series.points.map((p) => p[time].median)],
    [series, time],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      ...timeOptions,
      axes: axes(axisDuration, dayAxis, { incrs: DURATION_STEPS }),
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

interface SeriesTableProps {
  series: StatsTimeseries;
  /** The median of this basis; none: received and replied. */
  time?: TimeBasis;
}

function SeriesTable({ series, time }: SeriesTableProps) {
  const period = series.granularity === 'week' ? 'Week of' : 'Day';
  return (
    <table className="dash-table">
      <thead>
        <tr>
          <th scope="col">{period}</th>
          {time ? (
            <th scope="col">Median response time</th>
          ) : (
            <>
              <th scope="col">Received</th>
              <th scope="col">Replied</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {series.points.map((p) => {
          const median = time ? p[time].median : null;
          return (
            <tr key={p.period}>
              <th scope="row">{formatDay(p.period)}</th>
              {time ? (
                <td>{median === null ? 'No data' : formatDuration(median)}</td>
              ) : (
                <>
                  <td>{formatCount(p.received)}</td>
                  <td>{formatCount(p.replied)}</td>
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface ChartsProps {
  series: StatsTimeseries;
  distribution: StatsDistribution;
  /** The basis of the response-time charts (the distribution was fetched for it). */
  time: TimeBasis;
}

export function Charts({ series, distribution, time }: ChartsProps) {
  const per = series.granularity === 'week' ? 'week' : 'day';
  const basis = time === 'calendar' ? 'Calendar time' : 'Business time';
  return (
    <>
      <ChartCard
        title="Received and replied"
        description={`Line chart of received and replied emails per ${per}`}
        chart={<VolumeChart series={series} />}
        table={<SeriesTable series={series} />}
      />
      <ChartCard
        title="Median response time"
        note={basis}
        description={`Line chart of the median ${time} response time per ${per}`}
        chart={<MedianChart series={series} time={time} />}
        table={<SeriesTable series={series} time={time} />}
      />
      <ChartCard
        title="Response time distribution"
        note={`${basis}; requests of the period`}
        description={`Bar chart of requests by ${time} response time, and those still waiting`}
        chart={<DistributionChart distribution={distribution} />}
        table={<DistributionTable distribution={distribution} time={time} />}
      />
    </>
  );
}

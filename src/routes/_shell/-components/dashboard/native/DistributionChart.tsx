import { useMemo } from 'react';
import uPlot from 'uplot';
import type { StatsDistribution } from '@/api/types';
import type { TimeBasis } from '@/domain/dashboard-search';
import { formatCount } from '@common/numbers';
import { axes, token } from './chart-style';
import { UPlotChart } from './UPlotChart';

// The response-time distribution as uPlot bars: the answered requests by bucket, and those
// still waiting in a colour of their own, each bar with its count above it.

/** The engine's buckets: key, name in the table, name on the axis. */
const BUCKETS = [
  ['under_1h', 'Under 1 h', '< 1 h'],
  ['from_1h_to_4h', '1–4 h', '1–4 h'],
  ['from_4h_to_24h', '4–24 h', '4–24 h'],
  ['from_1d_to_3d', '1–3 days', '1–3 d'],
  ['over_3d', 'Over 3 days', '> 3 d'],
  ['still_waiting', 'Still waiting', 'Waiting'],
] as const satisfies readonly (readonly [keyof StatsDistribution, string, string])[];

const WAITING = BUCKETS.length - 1;
const INTEGER_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000];

/** Writes each bar's count above it. */
function drawCounts(u: uPlot) {
  const { ctx } = u;
  const ratio = uPlot.pxRatio;
  ctx.save();
  ctx.font = `600 ${Math.round(12 * ratio)}px ${token('--font-sans')}`;
  ctx.fillStyle = token('--color-text');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  BUCKETS.forEach((_, index) => {
    const value = u.data[index === WAITING ? 2 : 1]?.[index];
    if (value === null || value === undefined) return;
    const x = u.valToPos(index, 'x', true);
    const y = u.valToPos(value, 'y', true) - 4 * ratio;
    ctx.fillText(formatCount(value), x, y);
  });
  ctx.restore();
}

function barOptions(): Omit<uPlot.Options, 'width' | 'height'> {
  const bars = uPlot.paths.bars?.({ size: [0.6, 56], radius: 0.12 });
  const bar = (label: string, colour: string): uPlot.Series => ({
    label,
    fill: colour,
    stroke: colour,
    width: 0,
    paths: bars,
    points: { show: false },
  });
  return {
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, WAITING + 0.5] },
      // Room above the tallest bar for its count.
      y: { range: (_, _min, max) => [0, Math.max(1, max) * 1.18] },
    },
    axes: axes(
      (v) => (Number.isInteger(v) ? formatCount(v) : ''),
      {
        grid: { show: false },
        splits: () => BUCKETS.map((_, index) => index),
        values: (_, splits) => splits.map((index) => BUCKETS[index]?.[2] ?? ''),
      },
      { incrs: INTEGER_STEPS },
    ),
    series: [
      {},
      bar('Answered requests', token('--color-brand-500')),
      bar('Still waiting', token('--color-warning-600')),
    ],
    hooks: { draw: [drawCounts] },
  };
}

export function DistributionChart({ distribution }: { distribution: StatsDistribution }) {
  const data = useMemo<uPlot.AlignedData>(() => {
    const values = BUCKETS.map(([key]) => distribution[key]);
    return [
      BUCKETS.map((_, index) => index),
      values.map((value, index) => (index === WAITING ? null : value)),
      values.map((value, index) => (index === WAITING ? value : null)),
    ];
  }, [distribution]);
  const options = useMemo(() => barOptions(), []);
  return <UPlotChart options={options} data={data} height={240} />;
}

export function DistributionTable({
  distribution,
  time,
}: {
  distribution: StatsDistribution;
  time: TimeBasis;
}) {
  return (
    <table className="dash-table">
      <thead>
        <tr>
          <th scope="col">{time === 'calendar' ? 'Calendar' : 'Business'} response time</th>
          <th scope="col">Requests</th>
        </tr>
      </thead>
      <tbody>
        {BUCKETS.map(([key, label]) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td>{formatCount(distribution[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import type { CSSProperties } from 'react';
import type { StatsHeatmap } from '@/api/types';
import { WEEKDAYS } from '@common/business-hours';
import { ChartCard } from './ChartCard';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

function grid(heatmap: StatsHeatmap) {
  const counts = new Map(heatmap.cells.map((c) => [`${c.weekday} ${c.hour}`, c.count]));
  const max = Math.max(1, ...heatmap.cells.map((c) => c.count));
  return { at: (day: string, hour: number) => counts.get(`${day} ${hour}`) ?? 0, max };
}

function HeatTable({ heatmap, asChart }: { heatmap: StatsHeatmap; asChart: boolean }) {
  const { at, max } = grid(heatmap);
  return (
    <table className={asChart ? 'heatmap' : 'dash-table'}>
      <thead>
        <tr>
          <th scope="col">{asChart ? <span className="visually-hidden">Day</span> : 'Day'}</th>
          {HOURS.map((hour) => (
            <th scope="col" key={hour}>
              {asChart ? (hour % 3 === 0 ? String(hour).padStart(2, '0') : '') : hourLabel(hour)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((day) => (
          <tr key={day}>
            <th scope="row">{day}</th>
            {HOURS.map((hour) => {
              const count = at(day, hour);
              const style = { '--heat': count / max } as CSSProperties;
              return asChart ? (
                <td key={hour} style={style} title={`${day} ${hourLabel(hour)}: ${count}`}>
                  <span className="visually-hidden">{count}</span>
                </td>
              ) : (
                <td key={hour}>{count}</td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Incoming mail by weekday and hour, an HTML table coloured with CSS. */
export function Heatmap({ heatmap }: { heatmap: StatsHeatmap }) {
  return (
    <ChartCard
      title="When mail arrives"
      note={`Received emails by weekday and hour (${heatmap.timezone})`}
      description="Heatmap of received emails by weekday and hour; darker is more"
      chart={<HeatTable heatmap={heatmap} asChart />}
      table={<HeatTable heatmap={heatmap} asChart={false} />}
    />
  );
}

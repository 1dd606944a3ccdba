import type uPlot from 'uplot';

// What the uPlot charts share: colours and type from the design tokens, and axis formats.

/** A design token's value, read from the document (charts draw on canvas, not with CSS). */
export function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** The axis type: the page's font at the extra-small step. */
const axisFont = () => `12px ${token('--font-sans')}`;

/** An x axis and a y axis in the page's muted text over light grid lines, with overrides. */
export function axes(
  yFormat: (value: number) => string,
  x: uPlot.Axis = {},
  y: uPlot.Axis = {},
): uPlot.Axis[] {
  const grid = { stroke: token('--color-gray-200'), width: 1 };
  const font = axisFont();
  const stroke = token('--color-text-muted');
  return [
    { grid, stroke, font, ticks: { show: false }, ...x },
    {
      grid,
      stroke,
      font,
      ticks: { show: false },
      size: 64,
      values: (_, ticks) => ticks.map(yFormat),
      ...y,
    },
  ];
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Duration ticks fall on whole minutes, hours, half days and days. */
export const DURATION_STEPS = [
  ...[1, 2, 5, 10, 15, 20, 30].map((m) => m * MINUTE),
  ...[1, 2, 3, 4, 6, 8, 12].map((h) => h * HOUR),
  ...[1, 2, 3, 5, 7, 14, 30].map((d) => d * DAY),
];

/** Day ticks: one a day at most, then whole weeks and four-week spans. */
export const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364].map((d) => d * DAY);

/** Short enough for the axis: 45 min, 1.5 h, 2 d. */
export function axisDuration(value: number): string {
  if (value === 0) return '0';
  if (value < 3600) return `${Math.round(value / 60)} min`;
  if (value < 86_400) return `${Number((value / 3600).toFixed(1))} h`;
  return `${Number((value / 86_400).toFixed(1))} d`;
}

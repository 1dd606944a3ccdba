import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface UPlotChartProps {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
}

/** One uPlot canvas that follows its container's width. */
export function UPlotChart({ options, data, height }: UPlotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const plot = new uPlot(
      { ...options, width: element.clientWidth || 600, height },
      data,
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [options, data, height]);
  return <div ref={host} className="uplot-host" aria-hidden="true" />;
}

import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * A line per figure over the days of a period (uPlot: about 20 KB gzip, drawn on a canvas; loaded with
 * the Analytics screen only). The figures are said in words beside it (`label`) for screen readers.
 */
export interface DailySeries {
  label: string;
  color: string;
  values: number[];
}

const HEIGHT = 280;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const shortDay = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

export function DailyChart({ days, series, label }: { days: string[]; series: DailySeries[]; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    // The x axis counts days (0, 1, ...) and says each as "Nov 21": a day is a day, whatever the time zone.
    const x = days.map((_day, index) => index);
    const dayName = (index: number) => (Number.isInteger(index) && days[index] ? shortDay(days[index]) : "");
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] } },
        axes: [
          { values: (_u, ticks) => ticks.map(dayName), space: 60 },
          { values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? tick.toLocaleString("en-US") : "")) },
        ],
        series: [
          { label: "Day", value: (_u, index) => (index === null ? "--" : dayName(index)) },
          ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { show: days.length <= 45 } })),
        ],
      },
      [x, ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series]);
  return <div ref={holder} role="img" aria-label={label} data-testid="analytics-chart" style={{ width: "100%", minHeight: HEIGHT }} />;
}

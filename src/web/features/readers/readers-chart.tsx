import { useEffect, useRef, useState } from "react";
import type { ReadersDay } from "../../../domain/readership";
import { DRAW_ORDER, READERS_SERIES } from "./readers-series";

const HEIGHT = 240;

type Drawing = "loading" | "drawn" | "failed";

/**
 * The Readers chart, drawn with uPlot on a canvas. uPlot and its stylesheet are loaded here, when
 * the chart first shows, so they are a chunk of the dashboard's only, never of a public page. The
 * canvas is hidden from assistive technology: the view's table says the same.
 */
export function ReadersChart({ days }: { days: readonly ReadersDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<Drawing>("loading");

  useEffect(() => {
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")])
      .then(([{ default: UPlot }]) => {
        const element = box.current;
        if (cancelled || !element) return;
        // Days are UTC days, like every date in Byline, whatever the owner's time zone.
        const utc = (seconds: number) => UPlot.tzDate(new Date(seconds * 1000), "Etc/UTC");
        const dayMonth = UPlot.fmtDate("{D} {MMM}");
        const x = days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);
        const data: [number[], ...number[][]] = [
          x,
          ...DRAW_ORDER.map((series) => days.map((day) => day[series.key])),
        ];
        plot = new UPlot(
          {
            width: element.clientWidth,
            height: HEIGHT,
            tzDate: utc,
            legend: { show: false },
            cursor: { show: false },
            scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
            axes: [
              { values: (_u, ticks) => ticks.map((tick) => dayMonth(utc(tick))) },
              { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] },
            ],
            series: [
              {},
              ...DRAW_ORDER.map((series) => ({
                label: series.label,
                stroke: series.color,
                width: series.width,
                dash: [...series.dash],
                points: { show: days.length <= 31 },
              })),
            ],
          },
          data,
          element,
        );
        observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }));
        observer.observe(element);
        setDrawing("drawn");
      })
      .catch(() => {
        if (!cancelled) setDrawing("failed");
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days]);

  return (
    <div className="readers-chart">
      <ul className="readers-chart__key" aria-hidden="true">
        {READERS_SERIES.map((series) => (
          <li key={series.key}>
            <span
              className="readers-chart__swatch"
              style={{
                borderTop: `${series.width}px ${series.dash.length ? "dashed" : "solid"} ${series.color}`,
              }}
            />
            {series.label}
          </li>
        ))}
      </ul>
      <div ref={box} className="readers-chart__canvas" aria-hidden="true" data-drawing={drawing} />
      {drawing === "loading" ? (
        <p className="readers-chart__note" role="status">
          Drawing the chart…
        </p>
      ) : null}
      {drawing === "failed" ? (
        <p className="readers-chart__note" role="alert">
          The chart could not be drawn. Each day’s figures are below.
        </p>
      ) : null}
    </div>
  );
}

import { Box, useTheme } from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';
import { monthShort } from '../../../shared/domain/dates.ts';
import { formatKr, formatKrNumber } from '../../../shared/domain/money.ts';
import type { SalesMonth } from '../../../shared/schemas/api-sales.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.sales;

const HEIGHT = 260;
const AXIS_WIDTH = 76;
const TOP = 16;
const BOTTOM = 24;

/** Round steps for the value axis: 1, 2 or 5 times a power of ten, about four of them up to `max`. */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) ticks.push(value);
  return ticks;
}

/**
 * The year's goods per month as bars: a plain SVG drawn by the Salg page itself (MUI X Charts weighed
 * ~100 kB gzip and the longest task of the page). The picture is named and points at the month
 * table, which holds the same numbers for screen readers and for reading exactly; each bar says its month and
 * amount when pointed at.
 */
export function SalesChart({
  year,
  months,
  tableId,
}: {
  year: number;
  months: SalesMonth[];
  tableId: string;
}) {
  const theme = useTheme();
  // Drawn at the box's own width in pixels, so text keeps its shape on a phone and on a desktop.
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(360);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.round(element.getBoundingClientRect().width)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const ticks = axisTicks(Math.max(0, ...months.map((m) => m.goodsOre)));
  const top = ticks[ticks.length - 1] || 1;
  const plot = { left: AXIS_WIDTH, right: width - 8, top: TOP, bottom: HEIGHT - BOTTOM };
  const band = (plot.right - plot.left) / Math.max(months.length, 1);
  const y = (value: number) => plot.bottom - (value / top) * (plot.bottom - plot.top);
  const muted = theme.palette.text.secondary;
  return (
    <Box
      ref={box}
      role="img"
      aria-label={t.chartLabel(year)}
      aria-describedby={tableId}
      sx={{ width: '100%' }}
    >
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        style={{ display: 'block' }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={plot.left} x2={plot.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
            <text
              x={plot.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={12}
              fill={muted}
            >
              {`${formatKrNumber(tick)} kr`}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = plot.left + i * band;
          const barWidth = band * 0.6;
          const barTop = y(m.goodsOre);
          return (
            <g key={m.month}>
              {m.goodsOre > 0 && (
                <rect
                  data-bar=""
                  x={x + (band - barWidth) / 2}
                  y={barTop}
                  width={barWidth}
                  height={Math.max(0, plot.bottom - barTop)}
                  rx={4}
                  fill={theme.palette.primary.main}
                >
                  <title>{`${monthShort(m.month)}: ${formatKr(m.goodsOre)}`}</title>
                </rect>
              )}
              <text x={x + band / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={12} fill={muted}>
                {/* On a phone three letters a month do not fit side by side: the initial, as calendars do. */}
                {band < 32 ? monthShort(m.month).charAt(0).toUpperCase() : monthShort(m.month)}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

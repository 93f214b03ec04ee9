/**
 * The sales view's chart (docs/sales.md): one bar per period of what the shop kept, drawn by React as
 * SVG at the width it is given (no chart library: the back-office chunk stays small). The numbers are
 * in the table beside it, which screen readers read; the chart says what it shows and its largest bar.
 */
import { useEffect, useRef, useState } from 'react';
import { formatCents } from '#shared/money.ts';
import type { SalesPeriod } from '#shared/sales.ts';
import type { SalesGrouping } from '#shared/schemas/sales-query.ts';
import { salesTexts as t } from './sales-texts.ts';

const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 64 } as const;
/** Room a period's label needs under the axis, in pixels. */
const LABEL_ROOM = 56;

/** The width of the element, following it as the window changes. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth || fallback);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth || fallback));
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

/** A round top for the axis: 1, 2 or 5 times a power of ten, in euros, at or above `cents`. */
function axisTop(cents: number): number {
  if (cents <= 0) return 100;
  const step = 10 ** Math.floor(Math.log10(cents));
  return [1, 2, 5, 10].map((m) => m * step).find((top) => top >= cents) ?? 10 * step;
}

export function SalesChart({ periods, by }: { readonly periods: readonly SalesPeriod[]; readonly by: SalesGrouping }) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const plotWidth = Math.max(1, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const max = Math.max(0, ...periods.map((p) => p.revenueCents));
  const top = axisTop(max);
  const slot = plotWidth / Math.max(1, periods.length);
  const bar = Math.max(1, Math.min(48, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(LABEL_ROOM / slot));
  const y = (cents: number) => PAD.top + plotHeight - (Math.max(0, cents) / top) * plotHeight;
  const title = t.chartTitle(by);
  return (
    <figure className="sales-chart" ref={ref}>
      <figcaption className="adm-section-title">{title}</figcaption>
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={`${title}. ${t.chartSummary(periods.length, formatCents(max))}`}
        data-testid="sales-chart"
      >
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(top * share)} y2={y(top * share)} className="sales-grid" />
            <text x={PAD.left - 6} y={y(top * share)} dy="0.35em" textAnchor="end" className="sales-axis">
              {formatCents(top * share)}
            </text>
          </g>
        ))}
        {periods.map((p, i) => {
          const x = PAD.left + slot * i + (slot - bar) / 2;
          return (
            <g key={p.period}>
              <rect x={x} y={y(p.revenueCents)} width={bar} height={y(0) - y(p.revenueCents)} className="sales-bar">
                <title>{`${t.periodLabel(p.period, by)}: ${formatCents(p.revenueCents)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" className="sales-axis">
                  {t.periodLabel(p.period, by).replace('semana de ', '')}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

import { ResponsiveBar, type BarItemProps } from '@nivo/bar';
import { useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { barGeometry, bottomAxisFit, CHART_MARGIN as MARGIN, countTicks } from './chart-geometry';

/**
 * The portal's bar charts (nivo: the feed report's two, the match-rate trend), in their own chunk:
 * pages take it through ui/chart.tsx (React.lazy), so nivo and d3 load only when a chart is on screen. The bars follow the spec's
 * rules (min length 20, max thickness 120) through barGeometry; each chart also has a visually
 * hidden table of its figures for screen readers (the SVG is aria-hidden).
 */

type Datum = { label: string; orders: number };

const COLOR = '#4338ca';

function FeedBar({ bar, label, shouldRenderLabel }: BarItemProps<Datum>) {
  const box = barGeometry({ x: bar.x, y: bar.y, width: bar.width, height: bar.height, value: bar.data.value ?? 0 });
  return (
    <g>
      <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={4} fill={bar.color} data-testid="feed-bar" />
      {shouldRenderLabel && (
        <text x={box.x + box.width / 2} y={box.y - 6} textAnchor="middle" fontSize={12} fill="#161a2e">
          {label}
        </text>
      )}
    </g>
  );
}

/** The chart's width, followed as the window (or phone) turns. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    setWidth(node.clientWidth);
    // Where there is no ResizeObserver (jsdom in the unit tests, very old browsers) the width read
    // once stands: the chart still draws, it only does not follow a turned phone.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function Chart({ data, height, percent }: { data: Datum[]; height: number; percent?: boolean }) {
  const intl = useIntl();
  const [ref, width] = useWidth();
  // A rate's axis always reaches 100 %.
  const ticks = percent ? [0, 25, 50, 75, 100] : countTicks(Math.max(0, ...data.map((d) => d.orders)));
  const format = (v: number) => (percent ? intl.formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 1 }) : intl.formatNumber(v));
  const fit = bottomAxisFit(width, data.map((d) => d.label));
  return (
    <div className="feed-chart" style={{ height }} aria-hidden="true" ref={ref}>
      <ResponsiveBar<Datum>
        data={data}
        keys={['orders']}
        indexBy="label"
        margin={{ ...MARGIN, bottom: fit.bottom }}
        padding={0.3}
        colors={[COLOR]}
        animate={false}
        isInteractive={false}
        enableGridY
        valueScale={{ type: 'linear', min: 0, max: ticks[ticks.length - 1] ?? 'auto' }}
        gridYValues={ticks}
        barComponent={FeedBar}
        enableLabel={fit.showValues}
        label={(d) => format(d.value ?? 0)}
        axisLeft={{ tickSize: 0, tickPadding: 8, tickValues: ticks, format: (v: number) => (percent ? format(v) : intl.formatNumber(v, { notation: 'compact' })) }}
        axisBottom={{ tickSize: 0, tickPadding: 8, tickRotation: fit.rotation, format: (v: string) => fit.format(String(v)) }}
        theme={{ text: { fontSize: 12, fill: '#5b6178' }, grid: { line: { stroke: '#e3e6ef' } } }}
        role="presentation"
      />
    </div>
  );
}

export interface ChartTableProps {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  data: Datum[];
  /** The values are percentages (the match-rate trend). */
  percent?: boolean;
}

function ChartTable({ caption, labelHeader, valueHeader, data, percent }: ChartTableProps) {
  const intl = useIntl();
  // Hidden by its wrapper: a table is never narrower than its content, so a hidden table with a long
  // caption (French at 390 px) would still widen the page; a div is held to 1 px.
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{percent ? intl.formatNumber(d.orders / 100, { style: 'percent', maximumFractionDigits: 1 }) : intl.formatNumber(d.orders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Orders by state, by month, or the match rate by day: one chart and its table. */
export default function FeedBarChart(props: ChartTableProps & { testId: string; height?: number }) {
  return (
    <figure className="feed-figure" data-testid={props.testId}>
      <Chart data={props.data} height={props.height ?? 260} {...(props.percent ? { percent: true } : {})} />
      <ChartTable {...props} />
    </figure>
  );
}

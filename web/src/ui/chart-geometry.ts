/**
 * The geometry of the portal's bar charts (ui/bar-chart.tsx): the value axis, the spec's bar
 * rules, how the bottom axis fits its labels. Pure, so it is tested without a browser.
 */

/**
 * The bar rules of the spec (min length 20, max thickness 120): nivo has no props for them
 * (Chart.js's minBarLength / maxBarThickness), so the chart's bar component draws each bar
 * through this: at most `maxThickness` wide, centred in its band, and at least `minLength` tall
 * when its value is not zero, growing upwards from the axis.
 */
/**
 * The value axis of a count chart: whole numbers only (nivo's scale would put 0.2, 0.4... under a
 * chart of two orders), at most about 6 ticks, from 0 to at least the largest count.
 */
export function countTicks(max: number): number[] {
  if (!(max > 0)) return [0];
  const rough = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}

const BAR_MIN_LENGTH = 20;
const BAR_MAX_THICKNESS = 120;
export function barGeometry(
  bar: { x: number; y: number; width: number; height: number; value: number },
  { minLength = BAR_MIN_LENGTH, maxThickness = BAR_MAX_THICKNESS } = {},
) {
  const width = Math.min(bar.width, maxThickness);
  const height = bar.value > 0 ? Math.max(bar.height, minLength) : bar.height;
  return { x: bar.x + (bar.width - width) / 2, y: bar.y + bar.height - height, width, height };
}

export const CHART_MARGIN = { top: 24, right: 12, bottom: 36, left: 56 };
/** About how wide a character of the 12 px axis text is. */
const CHAR_PX = 7;
const MAX_LABEL = 12;

/**
 * How the bottom axis fits its labels in the room each bar has (a phone: 390 px for up to 12
 * months or 8 states): level when they fit, else slanted (with room below for them), and cut with
 * an ellipsis past MAX_LABEL characters; the figures over the bars only where a bar is wide enough.
 */
export function bottomAxisFit(width: number, labels: string[]) {
  const slot = labels.length > 0 ? (width - CHART_MARGIN.left - CHART_MARGIN.right) / labels.length : width;
  const longest = Math.min(MAX_LABEL, Math.max(0, ...labels.map((l) => l.length)));
  const level = width === 0 || longest * CHAR_PX <= slot - 4;
  return {
    rotation: level ? 0 : -40,
    bottom: level ? CHART_MARGIN.bottom : Math.round(16 + longest * CHAR_PX * 0.65),
    format: (label: string) => (level || label.length <= MAX_LABEL ? label : `${label.slice(0, MAX_LABEL - 1)}…`),
    showValues: width === 0 || slot >= 34,
  };
}

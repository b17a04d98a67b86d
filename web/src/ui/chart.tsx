import { lazy } from 'react';
import { Spinner } from './spinner';
import './chart.css';

// nivo and d3 load with the first chart only (first-route and area chunk budgets: docs/web.md).
export const BarChart = lazy(() => import('./bar-chart'));

/** The chart's place while its chunk (nivo) loads: the cards below do not jump when it comes. */
export function ChartPlace() {
  return (
    <div className="feed-chart-loading">
      <Spinner />
    </div>
  );
}

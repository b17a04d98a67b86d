import { useState, type ReactNode } from 'react';
import type { orderFeedFailingRows, orderFeedMissingIds } from 'shared/routes';
import { callRoute } from '../lib/api/client';
import './chart.css';

/**
 * A CSV a check wrote beside its result (every failing row, a day's missing order ids): the server
 * answers a short-lived signed link to the file (it outgrows an API answer), which the browser then
 * opens as a download. A file the server no longer has says `gone`.
 */
export function CsvDownload({
  route,
  checkId,
  testId,
  label,
  hint,
  gone,
}: {
  route: typeof orderFeedFailingRows | typeof orderFeedMissingIds;
  checkId: string;
  testId: string;
  label: ReactNode;
  hint?: ReactNode;
  gone: ReactNode;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'gone'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const link = await callRoute(route, { params: { id: checkId } });
      window.location.assign(link.url);
      setState('idle');
    } catch {
      setState('gone');
    }
  };
  return (
    <div className="feed-csv-download">
      <button type="button" className="btn btn-secondary btn-sm" data-testid={testId} disabled={state === 'busy'} onClick={() => void download()}>
        {label}
      </button>
      {hint && <p className="muted small">{hint}</p>}
      {state === 'gone' && (
        <p role="alert" className="small">
          {gone}
        </p>
      )}
    </div>
  );
}

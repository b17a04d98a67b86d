import { useEffect, useState } from 'react';
import type { FeedCheckFailure } from 'shared/domain/order-feed';
import type { FeedFormat, FeedProduct, FeedResult } from 'shared/feed/types';
import type { PreviewMessage, PreviewRequest } from './feed-preview';

export interface PreviewState {
  status: 'reading' | 'done' | 'failed';
  bytes: number;
  totalBytes: number;
  orders: number;
  /** The first orders' findings (shown at once), then replaced by the whole file's. */
  first: FeedResult | null;
  result: FeedResult | null;
  failure: FeedCheckFailure | null;
}

/**
 * Runs the engine on the chosen file in a Web Worker (feed-preview.worker.ts, its own chunk: the
 * engine loads only here, and only once a file is chosen). A new file or type starts a new worker;
 * the old one is terminated. Without Worker support (jsdom in unit tests) nothing runs.
 */
export function useFeedPreview(file: File | null, format: FeedFormat, product: FeedProduct | undefined): PreviewState | null {
  const [state, setState] = useState<{ key: unknown; value: PreviewState } | null>(null);
  const key = file && product ? `${file.name}:${file.size}:${file.lastModified}:${format}:${product}` : null;

  useEffect(() => {
    if (!file || !product || typeof Worker === 'undefined') return;
    const worker = new Worker(new URL('./feed-preview.worker.ts', import.meta.url), { type: 'module' });
    const initial: PreviewState = { status: 'reading', bytes: 0, totalBytes: file.size, orders: 0, first: null, result: null, failure: null };
    setState({ key, value: initial });
    const update = (change: Partial<PreviewState>) => setState((old) => ({ key, value: { ...(old?.key === key ? old.value : initial), ...change } }));
    worker.onmessage = (event: MessageEvent<PreviewMessage>) => {
      const message = event.data;
      if (message.type === 'progress') update({ bytes: message.bytes, totalBytes: message.totalBytes, orders: message.orders });
      else if (message.type === 'first') update({ first: message.result, orders: message.orders });
      else if (message.type === 'done') {
        update({ status: 'done', result: message.result, orders: message.orders, bytes: message.bytes });
        worker.terminate();
      } else {
        const { code, message: text, line, detail } = message;
        update({ status: 'failed', failure: { code, message: text, ...(line ? { line } : {}), ...(detail ? { detail } : {}) } });
        worker.terminate();
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      update({ status: 'failed', failure: { code: 'internal', message: event.message || 'The file could not be read' } });
    };
    const request: PreviewRequest = { file, format, product, now: new Date().toISOString() };
    worker.postMessage(request);
    return () => worker.terminate();
  }, [file, format, product, key]);

  return state && state.key === key ? state.value : null;
}

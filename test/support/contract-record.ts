/**
 * Records the integration suite's real traffic for the contract check (tools/contract/check.ts):
 * with CONTRACT_RECORD set to a folder, each /api request and its answer is one JSON line of
 * `<pid>-<thread>.jsonl` there (vitest runs files in several workers; one file each, no interleaving).
 * Off (the default), it does nothing. test/run-all.sh sets it during the integration stage.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Exchange } from '../../tools/contract/check';

/** The request's headers the description can speak of: never the cookie (a session). */
const requestHeaders = (headers: Headers): Record<string, string> =>
  Object.fromEntries([...headers].filter(([name]) => name !== 'cookie'));

/** The request body as sent: JSON as its value, text as text, anything else (a form) unrecorded. */
function requestBody(body: unknown): Exchange['request']['body'] {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return { text: body };
  if (body instanceof Uint8Array) return { text: Buffer.from(body).toString('utf8') };
  if (typeof body === 'object' && !(body instanceof FormData) && !(body instanceof Blob)) return { json: body };
  return undefined;
}

/** The calling test file: vitest's worker state (best effort: absent outside vitest). */
const testFile = (): string | undefined => (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__?.filepath;

export function recordExchange(
  request: { method: string; url: URL; headers: Headers; body: unknown },
  answer: { status: number; headers: Headers; text: string },
): void {
  const folder = process.env.CONTRACT_RECORD;
  if (!folder || !request.url.pathname.startsWith('/api/')) return;
  const test = testFile();
  const exchange: Exchange = {
    ...(test ? { test } : {}),
    request: {
      method: request.method,
      path: request.url.pathname,
      query: Object.fromEntries(request.url.searchParams),
      headers: requestHeaders(request.headers),
      body: requestBody(request.body),
    },
    answer: { status: answer.status, headers: Object.fromEntries(answer.headers), text: answer.text },
  };
  mkdirSync(folder, { recursive: true });
  appendFileSync(join(folder, `${process.pid}-${threadId}.jsonl`), `${JSON.stringify(exchange)}\n`);
}

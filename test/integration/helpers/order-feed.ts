import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { expect } from 'vitest';
import type { FeedCheck, FeedUploadTicket } from '../../../shared/domain/order-feed';
import type { Browser } from './browser';

/** Order-feed calls as the page makes them: ticket, browser POST to S3, check, polling. */

export async function uploadTicket(client: Browser, fileName: string, size: number, type: 'xml' | 'csv' = 'xml'): Promise<FeedUploadTicket> {
  const answer = await client.post<FeedUploadTicket>('/api/order-feed/upload', { fileName, size, type });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The browser's form POST straight to S3 (the presigned fields first, the file last). */
export async function postToS3(ticket: FeedUploadTicket, file: Blob, fileName: string): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file, fileName);
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** Ticket + upload: the key to check. */
export async function upload(client: Browser, content: string | Blob, fileName = 'feed.xml', type: 'xml' | 'csv' = 'xml'): Promise<string> {
  const file = typeof content === 'string' ? new Blob([content]) : content;
  const ticket = await uploadTicket(client, fileName, Math.max(1, file.size), type);
  const answer = await postToS3(ticket, file, fileName);
  expect(answer.status, await answer.text()).toBeLessThan(300);
  return ticket.key;
}

export async function startCheck(client: Browser, body: Record<string, unknown>): Promise<FeedCheck> {
  const answer = await client.post<FeedCheck>('/api/order-feed/check', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Polls the check as the page does until it has finished (done or failed). */
export async function finished(client: Browser, id: string, timeoutMs = 60_000, onPoll?: (check: FeedCheck) => void): Promise<FeedCheck> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.get<FeedCheck>(`/api/order-feed/checks/${id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    onPoll?.(answer.body);
    if (answer.body.status === 'done' || answer.body.status === 'failed') return answer.body;
    if (Date.now() > deadline) throw new Error(`check ${id} still ${answer.body.status} after ${timeoutMs} ms: ${JSON.stringify(answer.body.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A loopback HTTP server on the port the test stack's fetcher is allowed to reach (FEED_FETCH_ALLOW). */
export async function feedServer(port: number, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server & { requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return Object.assign(server, { requests });
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Writes a generated feed to `file` a megabyte at a time, with backpressure: the feed is never held in memory. */
export async function writeFeedFile(file: string, chunks: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  let batch = '';
  for (const chunk of chunks) {
    batch += chunk;
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
}

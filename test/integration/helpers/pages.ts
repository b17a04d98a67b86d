import { expect } from 'vitest';
import type { Browser } from './browser';

/** Every row of a list the server pages (`{ <field>: rows, next }`), page after page, each answer a 200. */
export async function everyPage<Row>(client: Browser, path: string, field: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const answer = await client.get(`${path}${path.includes('?') ? '&' : '?'}limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    rows.push(...(answer.body[field] as Row[]));
    cursor = answer.body.next as string | null;
  } while (cursor);
  return rows;
}

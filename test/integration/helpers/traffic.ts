import { getRelink } from '../../../functions/data/traffic-relink';
import type { TrafficListAnswer } from '../../../shared/domain/utm-matching';
import type { Browser } from './browser';

/**
 * GET /api/traffic once the relink job has applied the last change of the rules (`linking` false):
 * rule changes answer before their traffic is linked (functions/core/traffic/links.ts). Polls the
 * state, never a duration; the bound only stops a relink that never ends from hanging the run.
 */
export async function relinked(client: Browser, query = ''): Promise<TrafficListAnswer> {
  for (let polls = 0; ; polls++) {
    const answer = await client.get(`/api/traffic${query}`);
    if (answer.status !== 200) throw new Error(`GET /api/traffic answered ${answer.status}`);
    if (!answer.body.linking) return answer.body as TrafficListAnswer;
    if (polls > 1200) throw new Error('the relink never ended');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the company's relink job has applied every change asked (read from the table: no client needed). */
export async function relinkSettled(companyId: string): Promise<void> {
  for (let polls = 0; ; polls++) {
    const state = await getRelink(companyId);
    if (!state || state.done >= state.requested) return;
    if (polls > 1200) throw new Error('the relink never ended');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import { request } from 'node:http';
import { clientCounterKeys } from '../../../functions/core/security/throttle';
import { clearCounter } from '../../../functions/data/throttles';

/** A second client address for tests: Linux answers all of 127.0.0.0/8 on loopback. */
export const OTHER_LOCAL_ADDRESS = '127.0.0.2';

/**
 * Every test request reaches the gateway from 127.0.0.1, so the per-client counters (sign-in
 * failures, reset mails) add up over the whole run. A file that uses many of them clears them
 * when it is done, so the files after it start from zero.
 */
export async function clearLocalClientThrottles(): Promise<void> {
  const keys = ['127.0.0.1', OTHER_LOCAL_ADDRESS].flatMap((address) => clientCounterKeys(address, Date.now()));
  await Promise.all(keys.map((key) => clearCounter(key)));
}

/**
 * POSTs JSON from another local address (the gateway takes the client address from the TCP
 * peer): fetch cannot choose its source address, node:http can. Answers the status only.
 */
export function postFromAddress(localAddress: string, url: string, json: unknown): Promise<number> {
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

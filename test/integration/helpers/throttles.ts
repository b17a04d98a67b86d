import { clientCounterKeys } from '../../../functions/core/security/throttle';
import { clearCounter } from '../../../functions/data/throttles';

/**
 * Every test request reaches the gateway from 127.0.0.1, so the per-client counters (sign-in
 * failures, reset mails) add up over the whole run. A file that uses many of them clears them
 * when it is done, so the files after it start from zero.
 */
export async function clearLocalClientThrottles(): Promise<void> {
  await Promise.all(clientCounterKeys('127.0.0.1', Date.now()).map((key) => clearCounter(key)));
}

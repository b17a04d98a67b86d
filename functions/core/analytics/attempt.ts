import type { AnalyticsCode } from '../../../shared/domain/analytics';
import { logger } from '../../platform/log';
import { AnalyticsProviderError } from './provider';

const codeOf = (error: AnalyticsProviderError): AnalyticsCode => (error.failure === 'denied' ? 403 : 502);

export type Attempt<T> = { ok: true; value: T } | { ok: false; code: AnalyticsCode; message: string };

/** Provider failures become answers (code and Google's message); anything else (a bug, DynamoDB down) stays an error (500). */
export async function attempt<T>(run: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof AnalyticsProviderError) {
      if (error.failure === 'failed') logger().warn('analytics-failed', { reason: error.message });
      return { ok: false, code: codeOf(error), message: error.message };
    }
    throw error;
  }
}

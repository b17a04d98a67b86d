import { envNames } from '../../platform/config/resources';
import type { AnalyticsOrders } from '../../../shared/feed/types';
import { STANDARD_DIMENSION_FORMAT } from '../../../shared/domain/analytics';
import { googleProvider } from './google-provider';
import { currentQuota, meteredProvider } from './quota';
import { sandboxProvider } from './sandbox-provider';
import { withoutAnchors, type AnalyticsProvider } from './types';

export * from './types';

/**
 * What the portal asks of a web-analytics tool (Google Analytics 4 today), and which tool answers.
 * Two implementations of `AnalyticsProvider` (types.ts): `google-provider.ts` (Data API + Admin API
 * through the googleapis per-API packages) and `sandbox-provider.ts` (deterministic, no network).
 * ANALYTICS_PROVIDER picks one: `google` or `sandbox`; unset: sandbox on the local and test
 * stages, google on deployed ones.
 */

export type ProviderName = 'google' | 'sandbox';

export function providerName(): ProviderName {
  const configured = process.env[envNames.analyticsProvider];
  if (configured === 'google' || configured === 'sandbox') return configured;
  if (configured) throw new Error(`${envNames.analyticsProvider} must be google or sandbox, not ${configured}`);
  const stage = process.env[envNames.stage] ?? 'local';
  return stage === 'local' || stage === 'test' ? 'sandbox' : 'google';
}

let google: AnalyticsProvider | undefined;

/**
 * The configured provider. The Google one is imported statically: deployed stages call it on
 * every cold start, so its libraries belong in what a cold start loads (and what
 * `npm run bench:cold` measures), not in a chunk loaded later.
 */
export async function analyticsProvider(): Promise<AnalyticsProvider> {
  const gate = currentQuota();
  if (providerName() === 'sandbox') return gate ? meteredProvider(sandboxProvider, gate) : sandboxProvider;
  google ??= googleProvider();
  // The daily job's calls take their share of the quotas first (quota.ts); a request's do not.
  return gate ? meteredProvider(google, gate) : google;
}

/** The order ids the analytics tool recorded on `day` (YYYY-MM-DD): the order-feed comparison. */
export async function analyticsOrders(propertyId: string, day: string): Promise<AnalyticsOrders> {
  return (await analyticsProvider()).analyticsOrders(propertyId, day);
}

/**
 * The standard format of dimension values, a whole-value pattern: ANALYTICS_STANDARD_FORMAT when
 * set (a regular expression, anchors optional), else GA's client id shape digits.digits.
 */
export function standardFormat(): RegExp {
  const configured = process.env[envNames.analyticsStandardFormat];
  if (!configured) return STANDARD_DIMENSION_FORMAT;
  const source = withoutAnchors(configured);
  try {
    return new RegExp(`^(?:${source})$`);
  } catch {
    throw new Error(`${envNames.analyticsStandardFormat} is not a valid regular expression: ${configured}`);
  }
}

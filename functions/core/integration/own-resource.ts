import type { CheckedResourceKind, OtherResource } from '../../../shared/domain/types';
import type { CompanyRecord } from '../../data/companies';
import { redactUrl } from '../../platform/feed-fetch/redact';

/**
 * THE rule of every check that completes a step (analytics access, custom dimension, events, the
 * order feed's URL check): a step is about the company's own data, so the check counts only when
 * it is about the company's STORED resource (View ID, custom dimension index, order feed URL), or
 * when none is stored and the check stores it (the spec's first-time storage, a conditional write:
 * of concurrent checks one stores). A check of another resource answers its result but changes
 * no step, stores nothing and mails nobody; its answer says so (`otherResource`). Only an
 * administrator moves a stored resource (the admin company edit). docs/analytics.md, "Which
 * resource a check is about".
 */

/** How two values of a kind compare: digits as numbers (a dimension `01` is `1`), URLs without their login and password. */
const comparable: Record<CheckedResourceKind, (value: string) => string> = {
  viewId: (value) => value.trim(),
  dimensionIndex: (value) => String(Number.parseInt(value.trim(), 10)),
  orderFeedUrl: (value) => redactUrl(value.trim()),
};

/** What the company stores as the resource, shown to the user (a feed URL without credentials). */
const shown = (kind: CheckedResourceKind, stored: string): string => (kind === 'orderFeedUrl' ? redactUrl(stored) : stored);

export type Whose = { is: 'stored' } | { is: 'unclaimed' } | { is: 'other'; other: OtherResource };

/** Whose resource `checked` is, given what the company stores (null / empty: nothing stored yet). */
export function whoseResource(kind: CheckedResourceKind, stored: string | null | undefined, checked: string): Whose {
  if (!stored?.trim()) return { is: 'unclaimed' };
  if (comparable[kind](stored) === comparable[kind](checked)) return { is: 'stored' };
  return { is: 'other', other: { kind, stored: shown(kind, stored) } };
}

export interface Claim {
  /** The check may complete its steps (about the stored resource, or the one it just stored). */
  own: boolean;
  /** This check stored the resource (first-time storage). */
  storedNow: boolean;
  otherResource: OtherResource | null;
}

export const OWN: Claim = { own: true, storedNow: false, otherResource: null };

/**
 * Settles a check whose outcome allows first-time storage (`mayStore`: the check succeeded as the
 * spec's storage rule asks). `storeFirst` writes the field only while it is empty (false: someone
 * stored one first); `reread` then says what was stored, so a concurrent check of the same value
 * still counts and one of another value makes this one "other".
 */
export async function claimResource(
  kind: CheckedResourceKind,
  company: Pick<CompanyRecord, CheckedResourceKind>,
  checked: string,
  mayStore: boolean,
  store: { storeFirst(): Promise<boolean>; reread(): Promise<string | null> },
): Promise<Claim> {
  const whose = whoseResource(kind, company[kind], checked);
  if (whose.is === 'stored') return OWN;
  if (whose.is === 'other') return { own: false, storedNow: false, otherResource: whose.other };
  // Unclaimed: only a successful check stores it; an unsuccessful one completes nothing anyway.
  if (!mayStore) return { own: true, storedNow: false, otherResource: null };
  if (await store.storeFirst()) return { own: true, storedNow: true, otherResource: null };
  const now = whoseResource(kind, await store.reread(), checked);
  if (now.is === 'other') return { own: false, storedNow: false, otherResource: now.other };
  return OWN;
}

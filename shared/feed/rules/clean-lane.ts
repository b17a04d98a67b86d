/**
 * The clean-order lane: most orders of a real feed raise no warning, and building the full view
 * of each (viewOf: a values object, two moments, a view per product, then ~25 rule calls) was
 * most of the rules' time (0.75 s of a 300k XML check, profiled). An order that no per-order or
 * per-product rule would flag goes through here instead: one pass over its fields and products
 * that decides it is clean, reading each value once and building only what the stats and the
 * stateful rules read (OrderFacts). Anything doubtful (a value absent, unreadable, out of range)
 * answers null and the order takes the full path, which gives the findings and their details.
 *
 * The lane must be at least as strict as every stateless rule it stands for (LANE_KEYS): the
 * checker uses it only when every active rule with a per-order or per-product finding is one of
 * them, and clean-lane.test.ts checks on random orders that a clean answer means no finding and
 * the same facts as viewOf.
 */
import type { RawOrder } from '../types';
import type { WarningKey } from '../warnings';
import type { OrderFacts } from './rule';
import { isFlag, isMoment, isNonNegativeInteger, knownState, momentTime, readNumber, usable } from './values';

/** The stateless rules the lane stands for: a new one needs its check here too, or the lane stays off. */
export const LANE_KEYS: ReadonlySet<WarningKey> = new Set<WarningKey>([
  'missingId',
  'missingDate',
  'invalidDate',
  'missingState',
  'invalidState',
  'missingPrice',
  'invalidPrice',
  'zeroPrice',
  'invalidCommission',
  'invalidLastorderdate',
  'lastorderdateIsBiggerThanDate',
  'noLastorderdate',
  'noConversionType',
  'newClientTagMissing',
  'invalidIscallcenter',
  'invalidStateupdatedate',
  'invalidProducts',
  'missingProductId',
  'missingProductCategory',
  'missingProductPrice',
  'missingProductQuantity',
  'invalidProductPrice',
  'invalidProductQuantity',
  'doubleProductId',
  'emptyProducts',
  'noProductsWithPrice',
]);

/** Products compared pairwise for doubled ids; more go the full path (doubleProductId's set). */
const MAX_LANE_PRODUCTS = 16;

const positive = (text: string | undefined): boolean => {
  if (text === undefined) return false;
  const n = readNumber(text);
  return n !== null && n > 0;
};

/**
 * The facts of an order no stateless rule would flag, or null. Stricter than the rules where
 * that is simpler (a zero price, an order without products: the full path decides).
 */
export function cleanFacts(order: RawOrder): OrderFacts | null {
  if (order.productsProblem !== undefined) return null;
  const fields = order.fields;
  const id = usable(fields.id);
  if (id === undefined) return null;
  const date = usable(fields.date);
  if (date === undefined) return null;
  const time = momentTime(date, 'date-time');
  if (time < 0) return null;
  const stateText = usable(fields.state);
  if (stateText === undefined) return null;
  const state = knownState(stateText);
  if (state === null) return null;
  const priceText = usable(fields.price);
  if (priceText === undefined) return null;
  const price = readNumber(priceText);
  if (price === null || price <= 0) return null;
  const commission = usable(fields.commission);
  if (commission !== undefined && !isNonNegativeInteger(commission)) return null;
  const newclient = usable(fields.newclient);
  if (newclient !== '0' && newclient !== '1') return null;
  const lastorderdate = usable(fields.lastorderdate);
  if (lastorderdate === undefined) {
    if (newclient === '0') return null;
  } else {
    const last = momentTime(lastorderdate, 'day-or-date-time');
    if (last < 0 || last > time) return null;
  }
  const iscallcenter = usable(fields.iscallcenter);
  if (iscallcenter !== undefined && !isFlag(iscallcenter)) return null;
  const stateupdatedate = usable(fields.stateupdatedate);
  if (stateupdatedate !== undefined && !isMoment(stateupdatedate, 'day-or-date-time')) return null;
  const products = order.products;
  if (products === null || products.length === 0 || products.length > MAX_LANE_PRODUCTS) return null;
  for (let j = 0; j < products.length; j++) {
    const product = products[j]!.fields;
    const productId = usable(product.id);
    if (productId === undefined || usable(product.category) === undefined) return null;
    if (!positive(usable(product.price)) || !positive(usable(product.quantity))) return null;
    for (let i = 0; i < j; i++) if (usable(products[i]!.fields.id) === productId) return null;
  }
  return {
    raw: order,
    id,
    line: order.line,
    // A date-time is its own normalised text (readMoment).
    date: { time, day: date.slice(0, 10), text: date },
    state,
    paid: state === 'done' || state === 'partial_return',
    price,
    values: { commission, newclient, iscallcenter },
  };
}

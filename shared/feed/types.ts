/**
 * Contract of the feed validation engine (issue 3). Pure TypeScript: no Node or browser API,
 * so the Lambda (streaming from S3), the command line and a browser Web Worker run the same code.
 *
 * Pipeline: text chunks -> a record parser (XML or CSV) -> one RawOrder at a time -> the rules
 * (counters and at most N examples per warning key) -> FeedResult.
 */

export type FeedFormat = 'xml' | 'csv';
/** 360 sends an order feed; affiliate and lead send a lead feed (leads/lead, leadsource). */
export type FeedProduct = '360' | 'affiliate' | 'lead';
export type FeedKind = 'order' | 'lead';

export const feedKindOf = (product: FeedProduct): FeedKind => (product === '360' ? 'order' : 'lead');

/** The feed record's fields (spec, section 3), plus margin and coupon seen in the sample. */
export const ORDER_FIELDS = [
  'id',
  'date',
  'state',
  'price',
  'commission',
  'lastorderdate',
  'newclient',
  'iscallcenter',
  'stateupdatedate',
  'ordersource',
  'leadsource',
  'margin',
  'coupon',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

export const PRODUCT_FIELDS = ['id', 'category', 'price', 'quantity'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

export interface RawProduct {
  /** Raw text as found (entities decoded, surrounding whitespace trimmed); absent = undefined. */
  fields: Partial<Record<ProductField, string>>;
  line: number;
}

/** One order (or lead) as the parser found it: raw text, no interpretation. */
export interface RawOrder {
  /** 1-based line where the order starts (XML: the <order> tag; CSV: its first row). */
  line: number;
  fields: Partial<Record<OrderField, string>>;
  /** null when the order has no products element / no product columns at all. */
  products: RawProduct[] | null;
  /**
   * Why the products part does not follow the specification, if it doesn't
   * (text directly inside <products>, an unknown element inside <product>, a CSV row of an
   * order whose product columns are half filled...). Reported as invalidProducts.
   */
  productsProblem?: string;
  /**
   * CSV only: this order's first row repeats the id of the rows just above (the previous order)
   * but disagrees on an order field, so it starts an order of its own instead of adding products
   * to that one. The duplicatedIds rule names both lines from this.
   */
  conflict?: RowConflict;
}

/** Where two adjacent CSV rows with one id disagree: the previous order's first line and the first differing field. */
export interface RowConflict {
  line: number;
  field: OrderField;
  /** The field's value on `line`, and on this order's first row. */
  before: string;
  after: string;
}

/** A parser refuses input it cannot read; the engine never throws anything else. */
export type FeedErrorCode =
  | 'empty'
  | 'binary'
  | 'malformed'
  | 'truncated'
  | 'doctype'
  | 'too-deep'
  | 'token-too-large'
  | 'wrong-root'
  | 'csv-header'
  /** The XML declaration names an encoding the engine cannot read (shared/feed/decode.ts). */
  | 'encoding';

/**
 * Every sentence a FeedParseError can say, with the names of the values it fills in. The
 * English `message` stays the engine's own text (command line, logs, tests); the web app shows
 * `detail` through its catalogue (web/src/features/crm/messages, ids `feedError.<key>`), so a
 * refusal reads in the user's language. Fixed words are part of a key, never a value.
 */
export const FEED_ERROR_VALUES = {
  empty: [],
  binary: [],
  pushAfterEnd: [],
  encodingUnreadable: ['label'],
  encodingNotUtf16: ['label'],
  // The input ends inside something.
  endsInsideTag: [],
  endsInsideClosingTag: [],
  endsInsideComment: [],
  endsInsideCdata: [],
  endsInsideProcessingInstruction: [],
  endsInsideDeclaration: [],
  endsInsideElement: ['name'],
  endsInsideQuotedField: [],
  noRoot: ['root'],
  // Over a bound of FEED_LIMITS.
  tagTooLong: ['max'],
  closingTagTooLong: ['max'],
  textTooLong: ['max'],
  cdataTooLong: ['max'],
  commentTooLong: ['max'],
  processingInstructionTooLong: ['max'],
  valueTooLong: ['name', 'max'],
  orderValuesTooLong: ['max'],
  tooManyProducts: ['max'],
  tooDeep: ['max'],
  csvRowTooLong: ['max'],
  csvFieldTooLong: ['max'],
  csvOrderRowsTooLong: ['max'],
  // XML that is not well-formed, or not a feed.
  controlCharacter: ['hex'],
  doctype: [],
  unknownDeclaration: [],
  textOutsideRoot: ['root'],
  secondRoot: ['name', 'root'],
  wrongRootOrders: ['found'],
  wrongRootLeads: ['found'],
  ampersandWithoutEntity: [],
  unknownEntity: ['name'],
  invalidCharacterReference: ['name'],
  lessThanNotTag: [],
  unexpectedCharacterInTag: ['name'],
  unexpectedSlashInTag: ['name'],
  malformedAttribute: ['name'],
  attributeWithoutValue: ['name'],
  attributeWithoutQuotes: ['name'],
  lessThanInAttribute: ['name'],
  attributesNotSeparated: ['name'],
  closingTagWithoutOpening: ['name'],
  mismatchedClosingTag: ['found', 'expected'],
  cdataOutsideRoot: [],
  processingInstructionWithoutTarget: [],
  // CSV.
  csvTextAfterQuote: [],
  csvNoIdColumn: ['found'],
  csvNoColumns: [],
} as const satisfies Record<string, readonly string[]>;

export type FeedErrorKey = keyof typeof FEED_ERROR_VALUES;
export const FEED_ERROR_KEYS = Object.keys(FEED_ERROR_VALUES) as FeedErrorKey[];

/** A refusal in a form any language can say: the sentence's key and what it fills in (names, numbers). */
export interface FeedErrorDetail {
  key: FeedErrorKey;
  values?: Record<string, string | number>;
}

export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
  constructor(
    readonly code: FeedErrorCode,
    message: string,
    /** 1-based line of the problem, when known. */
    readonly line?: number,
    /** The same refusal as a key and values, for a translated text (the message stays English). */
    readonly detail?: FeedErrorDetail,
  ) {
    super(line ? `line ${line}: ${message}` : message);
  }
}

/** Chunked parser: push text as it arrives, then end(); orders are handed to onOrder in order. */
export interface RecordParser {
  push(chunk: string): void;
  end(): void;
}
export type RecordParserFactory = (onOrder: (order: RawOrder) => void, options: { kind: FeedKind }) => RecordParser;

/**
 * A parser fed with the bytes of a UTF-8 feed (a byte order mark allowed), as read: same orders
 * and errors as decode.ts plus the RecordParser. Use it through createFeedByteInput
 * (byte-input.ts), which picks it only for a UTF-8 feed.
 */
export interface ByteRecordParser {
  /** Bytes as they arrive, in any chunk size; no reference to them is kept after the call. */
  pushBytes(bytes: Uint8Array): void;
  end(): void;
}
export type ByteRecordParserFactory = (onOrder: (order: RawOrder) => void, options: { kind: FeedKind }) => ByteRecordParser;

export interface WarningExample {
  /** Order id as found in the feed (empty when missing, and for a finding about the whole feed). */
  orderId: string;
  /** 1-based line of the order or product; 0 for a finding about the feed as a whole. */
  line: number;
  /** Short detail: the offending value, product id... */
  detail?: string;
}

export interface FeedStats {
  numOrders: { total: number; fromNewCustomers: number; fromCallCenter: number };
  dateRange: { from: string | null; to: string | null };
  /** YYYY-MM -> count */
  monthlyStats: Record<string, number>;
  /** state -> count */
  stateStats: Record<string, number>;
}

export interface PossibleImported {
  /** The day whose orders were compared with analytics (YYYY-MM-DD). */
  dayTested: string;
  /** The day's orders compared (call-centre orders and orders without an id are not). */
  ordersInFeed: number;
  notInGA: number;
  /** The day's call-centre orders: never on the site, so left out of the comparison (absent in results stored before it). */
  callCentre?: number;
}

/** The result shape of the spec (section 3, Feed check). */
export interface FeedResult {
  /** warning key -> first examples (at most maxExamples), only keys that were raised. */
  errors: Partial<Record<string, WarningExample[]>>;
  /** How many times each raised key occurred in all (examples are capped, counts are not). */
  counts: Partial<Record<string, number>>;
  stats: FeedStats;
  /** Present only when the analytics order ids were given. */
  possibleImported?: PossibleImported;
  /** The orders created on `countDay` (every order of that day, call-centre ones too): present only when asked. */
  dayOrders?: { day: string; orders: number };
}

/** Order ids known to the analytics tool, for gaOrdersDontMatchXml and possibleImported. */
export interface AnalyticsOrders {
  has(orderId: string): boolean;
  /** The day the ids were read for (YYYY-MM-DD). */
  day: string;
}

export interface FeedCheckOptions {
  format: FeedFormat;
  product: FeedProduct;
  /** "Today" for the 7-day rule and the tested day; the check's own date. */
  now: Date;
  analytics?: AnalyticsOrders;
  /** A day (YYYY-MM-DD) whose orders are counted by created date (`dayOrders`): the daily re-check's volume figure. */
  countDay?: string;
  /** Examples kept per warning key (default 10). */
  maxExamples?: number;
  /**
   * Above this share of the tested day's orders missing from analytics, gaOrdersDontMatchXml is
   * raised (default 0.2; the company's setting, docs/order-feed.md "Match rate").
   */
  maxUntrackedShare?: number;
  /** Receives every failing row of the feed (not only the examples), as the check finds them. */
  failingRows?: FailingRowSink;
  /**
   * Receives every order of the tested day that analytics does not know (`possibleImported.notInGA`
   * counts the same orders), whatever the threshold: the day's missing-ids download. Called
   * synchronously: it must copy what it keeps (the id is a slice of the chunk's text).
   */
  analyticsMisses?: (orderId: string, line: number) => void;
}

/**
 * Where every finding goes, beyond the examples kept in the result (the failing-rows download).
 * A rule decided only at the feed's end (noCommission, gaOrdersDontMatchXml) hands its candidates
 * to `held` as it meets them, then `release`s them when it is raised; unreleased ones are dropped.
 * Called synchronously from the check: the sink must copy what it keeps (values are slices of the chunk's text).
 */
export interface FailingRowSink {
  row(key: string, line: number, orderId: string, detail: string): void;
  held(key: string, line: number, orderId: string, detail: string): void;
  release(key: string): void;
}

/**
 * The record assembly of the XML feed, shared by both tokenizers (xml-parser.ts over text,
 * xml-bytes.ts over UTF-8 bytes): what each element is (root, order, field, products, product,
 * product field, skipped), the orders and products it builds, the productsProblem messages,
 * the budgets of an order, and the checks at the end. The tokenizers keep only what differs:
 * reading text or bytes, names, values and line numbers (`XmlLines`). A change to the XML rules
 * is made here once; the property tests still compare the two paths at every split point.
 *
 * Also the tables and helpers both tokenizers read: the known element names, the field
 * setters, name characters, entity decoding and the finishing of a value.
 */
import { FeedParseError, ORDER_FIELDS, PRODUCT_FIELDS, type FeedErrorCode, type FeedErrorDetail, type FeedErrorKey, type FeedKind, type RawOrder, type RawProduct } from '../types';
import { clip, detach, FEED_LIMITS } from './common';

// Characters the tokenizers look for (char codes and byte values alike: all ASCII).
export const LT = 60; // <
export const GT = 62; // >
export const SLASH = 47;
export const BANG = 33;
export const QUESTION = 63;
export const DQUOTE = 34;
export const SQUOTE = 39;
export const EQUALS = 61;

// What an open element is; decides what a child element or text means.
const ROOT = 1;
const ORDER = 2;
export const FIELD = 3;
const PRODUCTS = 4;
const PRODUCT = 5;
export const PRODUCT_FIELD = 6;
/** An element the feed record does not know (or a child of a field): read for well-formedness, then ignored. */
export const SKIP = 7;

/**
 * The element names the engine knows, matched in place in the buffer (no name string is built
 * on the hot path) and referred to by id. Lookups go by exact name through these tables only:
 * an element called __proto__ or constructor is unknown and never becomes a key.
 */
export const KNOWN: readonly string[] = [...new Set(['orders', 'order', 'leads', 'lead', 'products', 'product', ...ORDER_FIELDS, ...PRODUCT_FIELDS])];
/**
 * Known id by (length, first character): no two known names share both (checked below), so a
 * name is matched by one table read and one startsWith.
 */
export const MAX_KNOWN_LENGTH = Math.max(...KNOWN.map((name) => name.length));
export const KNOWN_BY_SHAPE = new Int8Array((MAX_KNOWN_LENGTH + 1) * 128).fill(-1);
KNOWN.forEach((name, id) => {
  const slot = name.length * 128 + name.charCodeAt(0);
  if (name.charCodeAt(0) >= 128 || KNOWN_BY_SHAPE[slot] !== -1) throw new Error(`known element names clash: ${name}`);
  KNOWN_BY_SHAPE[slot] = id;
});
/** Known id -> index in ORDER_FIELDS / PRODUCT_FIELDS, or -1. */
const ORDER_FIELD_OF = Int8Array.from(KNOWN, (name) => (ORDER_FIELDS as readonly string[]).indexOf(name));
const PRODUCT_FIELD_OF = Int8Array.from(KNOWN, (name) => (PRODUCT_FIELDS as readonly string[]).indexOf(name));
const ID_PRODUCTS = KNOWN.indexOf('products');
const ID_PRODUCT = KNOWN.indexOf('product');

/** Named stores in a fixed order of code: keeps V8's inline caches monomorphic (a keyed store is several times slower). */
function setOrderField(fields: RawOrder['fields'], index: number, value: string): void {
  switch (index) {
    case 0: fields.id ??= value; break;
    case 1: fields.date ??= value; break;
    case 2: fields.state ??= value; break;
    case 3: fields.price ??= value; break;
    case 4: fields.commission ??= value; break;
    case 5: fields.lastorderdate ??= value; break;
    case 6: fields.newclient ??= value; break;
    case 7: fields.iscallcenter ??= value; break;
    case 8: fields.stateupdatedate ??= value; break;
    case 9: fields.ordersource ??= value; break;
    case 10: fields.leadsource ??= value; break;
    case 11: fields.margin ??= value; break;
    case 12: fields.coupon ??= value; break;
    default: break;
  }
}

function setProductField(fields: RawProduct['fields'], index: number, value: string): void {
  switch (index) {
    case 0: fields.id ??= value; break;
    case 1: fields.category ??= value; break;
    case 2: fields.price ??= value; break;
    case 3: fields.quantity ??= value; break;
    default: break;
  }
}

export const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

export function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
}
export function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 0xb7;
}

/**
 * The tokens a tokenizer names when one is too long or cut off: the English words of the
 * message and the keys of the detail (a text node is never cut off: text may end a feed).
 */
const XML_TOKENS = {
  tag: { words: 'a tag', tooLong: 'tagTooLong', endsInside: 'endsInsideTag' },
  closingTag: { words: 'a closing tag', tooLong: 'closingTagTooLong', endsInside: 'endsInsideClosingTag' },
  comment: { words: 'a comment', tooLong: 'commentTooLong', endsInside: 'endsInsideComment' },
  cdata: { words: 'a CDATA section', tooLong: 'cdataTooLong', endsInside: 'endsInsideCdata' },
  processingInstruction: { words: 'a processing instruction', tooLong: 'processingInstructionTooLong', endsInside: 'endsInsideProcessingInstruction' },
  text: { words: 'a text node', tooLong: 'textTooLong', endsInside: undefined },
} as const satisfies Record<string, { words: string; tooLong: FeedErrorKey; endsInside: FeedErrorKey | undefined }>;
export type XmlToken = keyof typeof XML_TOKENS;

/** XML 1.0 Char production: what a numeric character reference may produce. */
function isXmlChar(cp: number): boolean {
  return cp === 9 || cp === 10 || cp === 13 || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

const PREDEFINED: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }),
);

/** Decodes the five predefined entities and numeric references; returns an error message for anything else. */
export function decodeXmlText(text: string): string | { error: string; detail: FeedErrorDetail } {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    const semi = text.indexOf(';', amp + 1);
    // The longest valid reference is &#x10FFFF; (10 characters).
    if (semi === -1 || semi - amp > 10) return { error: 'an "&" that does not start an entity reference (write &amp;)', detail: { key: 'ampersandWithoutEntity' } };
    const name = text.slice(amp + 1, semi);
    let decoded = PREDEFINED[name];
    if (decoded === undefined) {
      if (name.charCodeAt(0) !== 35 /* # */) {
        return {
          error: `unknown entity &${clip(name)}; (only &lt; &gt; &amp; &quot; &apos; and numeric references are accepted)`,
          detail: { key: 'unknownEntity', values: { name: clip(name) } },
        };
      }
      const hex = name.charCodeAt(1) === 120; /* x */
      const digits = name.slice(hex ? 2 : 1);
      const cp = digits.length > 0 && (hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits) ? Number.parseInt(digits, hex ? 16 : 10) : Number.NaN;
      if (!isXmlChar(cp)) return { error: `invalid character reference &${clip(name)};`, detail: { key: 'invalidCharacterReference', values: { name: clip(name) } } };
      decoded = String.fromCodePoint(cp);
    }
    out += text.slice(from, amp) + decoded;
    from = semi + 1;
    amp = text.indexOf('&', from);
  }
  return out + text.slice(from);
}

/**
 * Field text as handed to the rules: CRLF normalised (as XML requires), trimmed. Not detached
 * from the chunk's text: the order lives for one call of the rules, and the few places that keep
 * a value past it (the examples, the date range, held examples: checker.ts, rules/) copy it with
 * `detach` then. Copying every value here cost 3-4% of a whole XML check.
 */
export function finishValue(text: string, noCr = false): string {
  if (text.length === 0) return text;
  const value = noCr || text.indexOf('\r') === -1 ? text : text.replace(/\r\n?/g, '\n');
  // trim() only when an end is blank: most values are not.
  return isSpace(value.charCodeAt(0)) || isSpace(value.charCodeAt(value.length - 1)) ? value.trim() : value;
}

/** Where the line numbers come from: the tokenizer, which knows its buffer. */
export interface XmlLines {
  /** 1-based line of buffer position `at` (never called with a position before the last one). */
  lineAt(at: number): number;
  /**
   * Makes the values the tokenizer has deferred (`deferred`) and stores them (`store`, or `keep`
   * for an order already finished), in the order they were read. Called when a value of the same
   * field comes, or when the order's budget could be passed; the tokenizer also settles at the end
   * of each buffer, then hands the held orders over (`handOver`).
   */
  settle(): void;
}

/** Where a value of a setField slot goes: the open order's fields or the open product's. */
export type FieldTarget = RawOrder['fields'] | RawProduct['fields'];

/**
 * Slot of a field element for `setField`: its index in ORDER_FIELDS, or PRODUCT_SLOT plus its
 * index in PRODUCT_FIELDS (one number, so the fast path needs no second lookup of the parent).
 */
const PRODUCT_SLOT = 32;
/** pendingSlots: bit `slot` for an order field, from PRODUCT_BITS on for a product field. */
const PRODUCT_BITS = 1 << 16;
const slotBit = (slot: number) => (slot < PRODUCT_SLOT ? 1 << slot : PRODUCT_BITS << (slot - PRODUCT_SLOT));

/**
 * The stack of open elements and the record being built. One class for both tokenizers, each
 * holding one instance: its calls are monomorphic whichever tokenizer runs.
 */
export class XmlRecords {
  readonly rootName: string;
  readonly recordName: string;
  /** Names and roles of the open elements (the tokenizers compare closing tags with `names`). */
  readonly names: string[] = [];
  readonly roles: number[] = [];
  depth = 0;
  private rootSeen = false;
  private rootClosed = false;

  private order: RawOrder | undefined;
  private product: RawProduct | undefined;
  /** Text of the field element being read on the general path; the cap applies to the decoded total too. */
  private value = '';
  /** setField slot of that field element. */
  private slot = -1;
  /** Characters of values kept for the current order (FEED_LIMITS.maxOrderChars). */
  private orderChars = 0;
  /** Bytes (with one separator each) of the current order's values deferred and not settled yet: at least their characters. */
  private deferredBytes = 0;
  /** Slots of the open order and product with a deferred value not settled yet (`slotBit`): a repeated field keeps its first value. */
  private pendingSlots = 0;
  /** Orders opened so far: tells a deferred value of the open order from one of an order already finished. */
  orders = 0;
  /**
   * Finished orders waiting for their deferred values (any deferred value not settled yet holds
   * every order finished after it, so they are handed over in order): at most one buffer's worth,
   * handed over at the buffer's end or before an error found after them.
   */
  private readonly held: RawOrder[] = [];
  private unsettled = false;

  constructor(
    private readonly onOrder: (order: RawOrder) => void,
    kind: FeedKind,
    private readonly lines: XmlLines,
  ) {
    this.rootName = kind === 'order' ? 'orders' : 'leads';
    this.recordName = kind === 'order' ? 'order' : 'lead';
  }

  fail(code: FeedErrorCode, message: string, at: number, detail: FeedErrorDetail): never {
    throw new FeedParseError(code, message, this.lines.lineAt(at), detail);
  }

  /** A token starting at `at` longer than FEED_LIMITS.maxToken characters. */
  tooLarge(at: number, token: XmlToken): never {
    const { words, tooLong } = XML_TOKENS[token];
    this.fail('token-too-large', `${words} is longer than ${FEED_LIMITS.maxToken} characters`, at, { key: tooLong, values: { max: FEED_LIMITS.maxToken } });
  }

  /** The input ended inside the token starting at `at`. */
  endsInside(at: number, token: Exclude<XmlToken, 'text'>): never {
    const { words, endsInside } = XML_TOKENS[token];
    this.fail('truncated', `the feed ends inside ${words}`, at, { key: endsInside });
  }

  /** The C0 control character `code` found at `at`. */
  control(code: number, at: number): never {
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    this.fail('malformed', `a control character (U+${hex}) is not allowed in XML (only tab, line feed and carriage return are)`, at, { key: 'controlCharacter', values: { hex } });
  }

  /**
   * `<!` at `at` that starts neither a comment nor CDATA; `word` is the seven characters after
   * it (fewer at the end of the input), `complete` whether the input held all nine.
   */
  declaration(word: string, complete: boolean, at: number): never {
    const upper = word.toUpperCase();
    if (upper.startsWith('DOCTYPE') || upper.startsWith('ENTITY') || upper.startsWith('ELEMENT') || upper.startsWith('ATTLIST')) {
      this.fail('doctype', 'DOCTYPE and entity declarations are refused (they allow XXE and entity-expansion attacks): remove the <!DOCTYPE ...> part', at, { key: 'doctype' });
    }
    if (!complete) this.fail('truncated', 'the feed ends inside a declaration', at, { key: 'endsInsideDeclaration' });
    this.fail('malformed', 'a "<!" that starts neither a comment nor CDATA', at, { key: 'unknownDeclaration' });
  }

  /** Role of the innermost open element, 0 outside the root. */
  role(): number {
    return this.depth === 0 ? 0 : (this.roles[this.depth - 1] as number);
  }

  /** True inside a field element, where all text (blank too) is part of the value. */
  collecting(): boolean {
    if (this.depth === 0) return false;
    const role = this.roles[this.depth - 1];
    return role === FIELD || role === PRODUCT_FIELD;
  }

  /** setField slot of known element `id` opened now, or -1 when it is not a field of the open order or product. */
  fieldSlot(id: number): number {
    const parent = this.roles[this.depth - 1];
    if (parent === ORDER) return ORDER_FIELD_OF[id] as number;
    if (parent === PRODUCT) {
      const index = PRODUCT_FIELD_OF[id] as number;
      return index === -1 ? -1 : PRODUCT_SLOT + index;
    }
    return -1;
  }

  /**
   * Stores a finished value (finishValue) into the open order or product, counted at `at` (its
   * closing tag). A repeated field keeps its first value (the setters never overwrite).
   */
  setField(slot: number, value: string, at: number): void {
    // Stored now, before deferred values of other fields, only when no order of the stores can
    // change the outcome: not the same field (the first wins), and the budget cannot be passed.
    if (this.deferredBytes !== 0 && ((this.pendingSlots & slotBit(slot)) !== 0 || this.orderChars + this.deferredBytes + value.length > FEED_LIMITS.maxOrderChars)) {
      this.lines.settle();
    }
    this.store(this.target(slot), slot, value, at);
  }

  /** The fields a value of `slot` read now goes to (kept with a deferred value). */
  target(slot: number): FieldTarget {
    return slot < PRODUCT_SLOT ? (this.order as RawOrder).fields : (this.product as RawProduct).fields;
  }

  /**
   * A value of `bytes` bytes read at `at` whose text the tokenizer makes later (xml-bytes.ts: all
   * of an order's values in one decoding). Its characters are at most its bytes, so the order's
   * budget cannot be passed while the bytes stay within it; otherwise the values are settled now,
   * and the budget is judged on the characters at this value, as for any other.
   */
  deferred(slot: number, bytes: number): void {
    this.unsettled = true;
    this.pendingSlots |= slotBit(slot);
    this.deferredBytes += bytes + 1;
    if (this.orderChars + this.deferredBytes > FEED_LIMITS.maxOrderChars) this.lines.settle();
  }

  /** The tokenizer is about to store every deferred value (`store` for the open order's, `keep` for finished orders'). */
  settling(): void {
    this.unsettled = false;
    this.deferredBytes = 0;
    this.pendingSlots = 0;
  }

  /** Stores a deferred value of a finished order: its budget was met on the bound (bytes), so it is not counted again. */
  keep(target: FieldTarget, slot: number, value: string): void {
    if (slot < PRODUCT_SLOT) setOrderField(target as RawOrder['fields'], slot, value);
    else setProductField(target as RawProduct['fields'], slot - PRODUCT_SLOT, value);
  }

  /** Hands the held orders over, in order (the tokenizer has settled their values). */
  handOver(): void {
    const held = this.held;
    if (held.length === 0) return;
    try {
      for (let k = 0; k < held.length; k++) this.onOrder(held[k] as RawOrder);
    } finally {
      held.length = 0;
    }
  }

  /** Stores a finished value into the open order or product (setField's, or a deferred value's when settled). */
  store(target: FieldTarget, slot: number, value: string, at: number): void {
    this.orderChars += value.length;
    if (this.orderChars > FEED_LIMITS.maxOrderChars) this.fail('token-too-large', `an order whose values exceed ${FEED_LIMITS.maxOrderChars} characters`, at, { key: 'orderValuesTooLong', values: { max: FEED_LIMITS.maxOrderChars } });
    if (slot < PRODUCT_SLOT) setOrderField(target as RawOrder['fields'], slot, value);
    else setProductField(target as RawProduct['fields'], slot - PRODUCT_SLOT, value);
  }

  /**
   * Text between markup (entities decoded, or CDATA content) starting at `start`, once the
   * tokenizer has refused its size, control characters and entities; `role` is role(). Blank
   * text outside a field never comes here.
   */
  addText(value: string, start: number, role: number): void {
    if (role === FIELD || role === PRODUCT_FIELD) {
      if (this.value.length + value.length > FEED_LIMITS.maxToken) {
        const name = this.names[this.depth - 1] as string;
        this.fail('token-too-large', `the value of <${name}> is longer than ${FEED_LIMITS.maxToken} characters`, start, {
          key: 'valueTooLong',
          values: { name: clip(name), max: FEED_LIMITS.maxToken },
        });
      }
      this.value = this.value.length === 0 ? value : this.value + value;
      return;
    }
    if (this.depth === 0) this.fail('malformed', `text outside the root element <${this.rootName}>`, start, { key: 'textOutsideRoot', values: { root: this.rootName } });
    if (role === PRODUCTS || role === PRODUCT) this.problem(`text directly inside <${role === PRODUCTS ? 'products' : 'product'}>`);
  }

  /** An element opens at `at`: `id` is its known id (-1 when unknown), `name` its name. */
  open(id: number, name: string, at: number): void {
    const depth = this.depth;
    if (depth >= FEED_LIMITS.maxDepth) this.fail('too-deep', `elements nested deeper than ${FEED_LIMITS.maxDepth} levels`, at, { key: 'tooDeep', values: { max: FEED_LIMITS.maxDepth } });
    let role: number;
    if (depth === 0) {
      if (this.rootClosed) {
        this.fail('malformed', `a second root element <${clip(name)}> after </${this.rootName}>`, at, { key: 'secondRoot', values: { name: clip(name), root: this.rootName } });
      }
      if (name !== this.rootName) {
        const orders = this.rootName === 'orders';
        this.fail(
          'wrong-root',
          `${orders ? 'an order feed' : 'a lead feed'} must start with <${this.rootName}> (with <${this.recordName}> records), found <${clip(name)}>`,
          at,
          { key: orders ? 'wrongRootOrders' : 'wrongRootLeads', values: { found: clip(name) } },
        );
      }
      this.rootSeen = true;
      role = ROOT;
    } else {
      const parent = this.roles[depth - 1] as number;
      if (parent === ROOT) {
        if (name === this.recordName && id !== -1) {
          this.order = { line: this.lines.lineAt(at), fields: {}, products: null };
          this.orders++;
          this.orderChars = 0;
          this.deferredBytes = 0;
          this.pendingSlots = 0;
          role = ORDER;
        } else role = SKIP;
      } else if (parent === ORDER) {
        if (id === ID_PRODUCTS) {
          const order = this.order as RawOrder;
          order.products ??= [];
          role = PRODUCTS;
        } else if (id !== -1 && ORDER_FIELD_OF[id] !== -1) {
          this.value = '';
          this.slot = ORDER_FIELD_OF[id] as number;
          role = FIELD;
        } else role = SKIP;
      } else if (parent === PRODUCTS) {
        if (id === ID_PRODUCT) {
          this.product = { fields: {}, line: this.lines.lineAt(at) };
          this.pendingSlots &= PRODUCT_BITS - 1;
          role = PRODUCT;
        } else {
          this.problem(`unknown element <${clip(name)}> inside <products>`);
          role = SKIP;
        }
      } else if (parent === PRODUCT) {
        if (id !== -1 && PRODUCT_FIELD_OF[id] !== -1) {
          this.value = '';
          this.slot = PRODUCT_SLOT + (PRODUCT_FIELD_OF[id] as number);
          role = PRODUCT_FIELD;
        } else {
          this.problem(`unknown element <${clip(name)}> inside <product>`);
          role = SKIP;
        }
      } else role = SKIP;
    }
    // A name sliced from the chunk would pin the chunk while the element is open.
    this.names[depth] = id === -1 ? detach(name) : name;
    this.roles[depth] = role;
    this.depth = depth + 1;
  }

  /** The innermost element closes at `at` (its closing tag, or its self-closing tag). */
  close(at: number): void {
    const depth = this.depth - 1;
    const role = this.roles[depth] as number;
    this.depth = depth;
    switch (role) {
      case FIELD:
      case PRODUCT_FIELD:
        this.setField(this.slot, finishValue(this.value), at);
        this.value = '';
        break;
      case PRODUCT: {
        const products = (this.order as RawOrder).products as RawProduct[];
        if (products.length >= FEED_LIMITS.maxProductsPerOrder) {
          this.fail('token-too-large', `an order with more than ${FEED_LIMITS.maxProductsPerOrder} products`, at, { key: 'tooManyProducts', values: { max: FEED_LIMITS.maxProductsPerOrder } });
        }
        products.push(this.product as RawProduct);
        this.product = undefined;
        break;
      }
      case ORDER: {
        const order = this.order as RawOrder;
        this.order = undefined;
        if (this.unsettled || this.held.length > 0) this.held.push(order);
        else this.onOrder(order);
        break;
      }
      case ROOT:
        this.rootClosed = true;
        break;
      default:
        break;
    }
  }

  /** The first problem of an order's products is kept (reported by the rules as invalidProducts). */
  problem(message: string): void {
    const order = this.order;
    if (order && order.productsProblem === undefined) order.productsProblem = message;
  }

  /** After the last scan; `at` is the end of the input. */
  finish(at: number): void {
    if (this.depth > 0) {
      const name = clip(this.names[this.depth - 1] as string);
      this.fail('truncated', `the feed ends inside <${name}> (missing closing tags)`, at, { key: 'endsInsideElement', values: { name } });
    }
    if (!this.rootSeen) this.fail('truncated', `no root element <${this.rootName}> found`, at, { key: 'noRoot', values: { root: this.rootName } });
  }
}

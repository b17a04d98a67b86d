/**
 * Feeds written the way merchants' systems write them (issue 32), for the tests and the bench
 * (test/bench/feeds): CRLF or LF, tab or space indents, attributes on <order>, namespaces,
 * CDATA, comments, self-closing empties, a BOM, Cyrillic or accented text in every text field,
 * legacy and UTF-16 encodings; CSV with every value quoted, embedded quotes, delimiters and
 * newlines, comma or semicolon. The orders are cleanRecords' (they follow every rule), so a
 * variant changes how a feed is written, never what it says. Streamed: a million orders are
 * never held at once. Same variant, seed and size, same bytes.
 */
import { cleanRecords, CSV_ORDER_COLUMNS, CSV_PRODUCT_COLUMNS, type FeedRecord } from './generate';

/** The encodings the engine reads (docs/feed-engine.md, "Encodings"); the -bom ones start with their mark. */
type CorpusEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le-bom' | 'utf-16be-bom' | 'windows-1251' | 'windows-1252' | 'iso-8859-1' | 'iso-8859-5' | 'koi8-r';
type CorpusLanguage = 'ascii' | 'cyrillic' | 'accented';

export interface CorpusStyle {
  format: 'xml' | 'csv';
  encoding: CorpusEncoding;
  language: CorpusLanguage;
  newline: '\n' | '\r\n';
  /** Values with quotes, the delimiter, '&', '<' and line breaks in them. */
  tricky?: boolean;
  // XML only.
  indent?: string;
  attributes?: boolean;
  namespaces?: boolean;
  cdata?: boolean;
  comments?: boolean;
  /** `<coupon/>` for an order without one, and empty elements of other namespaces. */
  empties?: boolean;
  // CSV only.
  delimiter?: ',' | ';';
  /** Every value in quotes, as many exports write them (otherwise only where needed). */
  quoteAll?: boolean;
}

/** The named variants the bench measures and the property test reads at every split point. */
export const CORPUS_VARIANTS = {
  /** The bench's friendly feed, as a reference: ASCII, LF, two-space indent, nothing else. */
  'xml-plain': { format: 'xml', encoding: 'utf-8', language: 'ascii', newline: '\n', indent: '  ' },
  /** The issue's slow feed: CRLF, tabs, attributes, namespaces, CDATA, comments, empties, Cyrillic. */
  'xml-rich-cyrillic': { format: 'xml', encoding: 'utf-8', language: 'cyrillic', newline: '\r\n', indent: '\t', attributes: true, namespaces: true, cdata: true, comments: true, empties: true, tricky: true },
  'xml-bom-accented': { format: 'xml', encoding: 'utf-8-bom', language: 'accented', newline: '\n', indent: '    ', attributes: true, comments: true, empties: true, tricky: true },
  'xml-windows-1251': { format: 'xml', encoding: 'windows-1251', language: 'cyrillic', newline: '\r\n', indent: '\t', attributes: true, cdata: true, empties: true, tricky: true },
  'xml-iso-8859-1': { format: 'xml', encoding: 'iso-8859-1', language: 'accented', newline: '\n', indent: '  ', comments: true, tricky: true },
  'xml-iso-8859-5': { format: 'xml', encoding: 'iso-8859-5', language: 'cyrillic', newline: '\r\n', indent: ' ', namespaces: true, tricky: true },
  'xml-koi8-r': { format: 'xml', encoding: 'koi8-r', language: 'cyrillic', newline: '\n', indent: '\t', cdata: true },
  'xml-utf-16le': { format: 'xml', encoding: 'utf-16le-bom', language: 'cyrillic', newline: '\r\n', indent: '\t', attributes: true, cdata: true, comments: true, tricky: true },
  'xml-utf-16be': { format: 'xml', encoding: 'utf-16be-bom', language: 'accented', newline: '\n', indent: '  ', empties: true, tricky: true },
  'csv-plain': { format: 'csv', encoding: 'utf-8', language: 'ascii', newline: '\n', delimiter: ';' },
  /** The merchant's export of issue 32: every value quoted, CRLF, comma, Cyrillic. */
  'csv-quoted-cyrillic': { format: 'csv', encoding: 'utf-8', language: 'cyrillic', newline: '\r\n', delimiter: ',', quoteAll: true, tricky: true },
  'csv-bom-accented': { format: 'csv', encoding: 'utf-8-bom', language: 'accented', newline: '\r\n', delimiter: ';', tricky: true },
  /** Excel's "CSV (Windows)" in Russia: windows-1251, semicolons, CRLF. */
  'csv-windows-1251': { format: 'csv', encoding: 'windows-1251', language: 'cyrillic', newline: '\r\n', delimiter: ';', tricky: true },
  'csv-windows-1252': { format: 'csv', encoding: 'windows-1252', language: 'accented', newline: '\r\n', delimiter: ';', quoteAll: true, tricky: true },
  'csv-utf-16le': { format: 'csv', encoding: 'utf-16le-bom', language: 'cyrillic', newline: '\r\n', delimiter: ',', quoteAll: true, tricky: true },
} as const satisfies Record<string, CorpusStyle>;
export type CorpusVariant = keyof typeof CORPUS_VARIANTS;
export const CORPUS_VARIANT_NAMES = Object.keys(CORPUS_VARIANTS) as CorpusVariant[];

/** Words per language: categories, coupons, sources, id prefixes. */
const WORDS: Record<CorpusLanguage, { categories: string[]; tricky: string[]; coupons: string[]; sources: string[]; order: string; sku: string }> = {
  ascii: { categories: ['shoes', 'bags', 'hats', 'coats'], tricky: ['garden & outdoor', 'shoes "deluxe"', 'bags, belts', 'books\nand magazines'], coupons: ['PROMO15', 'WINTER10'], sources: ['web', 'app'], order: 'A', sku: 'SKU' },
  cyrillic: {
    categories: ['Обувь', 'Сумки и рюкзаки', 'Детские товары', 'Электроника'],
    tricky: ['Сад & огород', 'Обувь "Люкс"', 'Сумки, ремни; кошельки', 'Книги\nи журналы', 'Игрушки <для детей>'],
    coupons: ['ПРОМО73', 'СКИДКА-10', 'ЗИМА2026'],
    sources: ['сайт', 'мобильное приложение'],
    order: 'ЗК-',
    sku: 'АРТ-',
  },
  accented: {
    categories: ['Chaussures', 'Électroménager', 'Vêtements été', 'Jouets à piles'],
    tricky: ['Café & thé', 'Crème "brûlée"', 'Sacs, ceintures; portefeuilles', 'Livres\net revues', 'Señor <Müller>'],
    coupons: ['ÉTÉ2026', 'NOËL-15', 'FRÜHLING'],
    sources: ['boutique en ligne', 'téléphone'],
    order: 'CMD-É',
    sku: 'RÉF-',
  },
};

export interface CorpusOptions {
  orders: number;
  seed?: number;
  now: Date;
  days?: number;
}

/** cleanRecords' orders with every text field in the variant's language (ids, sources, coupons, categories, product ids). */
export function* corpusRecords(style: CorpusStyle, { orders, seed = 7, now, days = 60 }: CorpusOptions): Generator<FeedRecord> {
  const words = WORDS[style.language];
  const unicode = style.language !== 'ascii' && style.encoding.startsWith('utf');
  let n = 0;
  for (const record of cleanRecords({ now, seed, orders, days })) {
    const i = n++;
    const fields = { ...record.fields, id: `${words.order}${record.fields.id!.slice(1)}`, ordersource: words.sources[i % words.sources.length]! };
    fields.margin = (Number(fields.price) * 0.3).toFixed(2);
    if (i % 3 !== 2) fields.coupon = `${words.coupons[i % words.coupons.length]!}${i % 100}`;
    const products = record.products!.map((p, k) => {
      const category = style.tricky && (i + k) % 4 === 0 ? words.tricky[(i + k) % words.tricky.length]! : words.categories[(i + k) % words.categories.length]!;
      // A character beyond the BMP where the encoding has one: four UTF-8 bytes, a UTF-16 surrogate pair.
      return { ...p, id: `${words.sku}${p.id!.slice(4)}`, category: unicode && (i + k) % 3 === 1 ? `${category} 🎁` : category };
    });
    yield { fields, products };
  }
}

/** The feed as text chunks (about one per order). */
function* corpusText(style: CorpusStyle, options: CorpusOptions): Generator<string> {
  const records = corpusRecords(style, options);
  yield* style.format === 'xml' ? xmlText(style, records) : csvText(style, records);
}

/** The feed as bytes in its encoding, mark included, one chunk per text chunk. */
export function* corpusBytes(style: CorpusStyle, options: CorpusOptions): Generator<Uint8Array> {
  const encode = encoderFor(style.encoding);
  let first = true;
  for (const text of corpusText(style, options)) {
    yield encode(text, first);
    first = false;
  }
}

/** A whole (small) feed's bytes. */
export function corpusFeed(style: CorpusStyle, options: CorpusOptions): Uint8Array {
  const chunks = [...corpusBytes(style, options)];
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const DECLARED: Record<CorpusEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8',
  'utf-16le-bom': 'UTF-16',
  'utf-16be-bom': 'UTF-16',
  'windows-1251': 'windows-1251',
  'windows-1252': 'windows-1252',
  'iso-8859-1': 'ISO-8859-1',
  'iso-8859-5': 'ISO-8859-5',
  'koi8-r': 'KOI8-R',
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeXml(text).replace(/"/g, '&quot;');

function* xmlText(style: CorpusStyle, records: Iterable<FeedRecord>): Generator<string> {
  const nl = style.newline;
  const pad = (depth: number) => (style.indent ?? '').repeat(depth);
  const value = (name: string, text: string) => (style.cdata && (name === 'category' || name === 'coupon') ? `<![CDATA[${text}]]>` : escapeXml(text));
  const root = style.namespaces ? '<orders xmlns="urn:example:orders" xmlns:g="http://base.google.com/ns/1.0">' : '<orders>';
  yield `<?xml version="1.0" encoding="${DECLARED[style.encoding]}"?>${nl}${style.comments ? `<!-- export ${WORDS[style.language].sources[0]} -->${nl}` : ''}${root}${nl}`;
  let i = 0;
  for (const r of records) {
    const open = style.attributes ? `<order id="${escapeAttribute(r.fields.id!)}" currency="${style.language === 'cyrillic' ? 'RUB' : 'EUR'}" xml:lang="${style.language === 'cyrillic' ? 'ru' : 'fr'}">` : '<order>';
    let xml = style.comments && i % 5 === 0 ? `${pad(1)}<!-- ${escapeXml(r.fields.ordersource!)} ${i} -->${nl}` : '';
    xml += `${pad(1)}${open}${nl}`;
    for (const [name, text] of Object.entries(r.fields)) xml += `${pad(2)}<${name}>${value(name, text!)}</${name}>${nl}`;
    if (style.empties && r.fields.coupon === undefined) xml += `${pad(2)}<coupon/>${nl}`;
    if (style.namespaces) xml += `${pad(2)}<g:channel>${escapeXml(r.fields.ordersource!)}</g:channel>${style.empties ? '<g:note/>' : ''}${nl}`;
    xml += `${pad(2)}<products>${nl}`;
    for (const p of r.products ?? []) {
      xml += `${pad(3)}<product>${nl}`;
      for (const [name, text] of Object.entries(p)) xml += `${pad(4)}<${name}>${value(name, text!)}</${name}>${nl}`;
      xml += `${pad(3)}</product>${nl}`;
    }
    yield `${xml}${pad(2)}</products>${nl}${pad(1)}</order>${nl}`;
    i++;
  }
  yield `</orders>${nl}`;
}

const CSV_COLUMNS = [...CSV_ORDER_COLUMNS, 'ordersource', 'margin', 'coupon'] as const;

function* csvText(style: CorpusStyle, records: Iterable<FeedRecord>): Generator<string> {
  const d = style.delimiter ?? ';';
  const cell = (text: string) => (style.quoteAll || text.includes(d) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  yield [...CSV_COLUMNS, ...CSV_PRODUCT_COLUMNS].map(cell).join(d) + style.newline;
  for (const r of records) {
    const head = CSV_COLUMNS.map((c) => cell(r.fields[c] ?? '')).join(d);
    // Order fields repeated on each product row, as spreadsheet exports write them.
    yield (r.products ?? []).map((p) => [head, cell(p.id ?? ''), cell(p.category ?? ''), cell(p.price ?? ''), cell(p.quantity ?? '')].join(d) + style.newline).join('');
  }
}

type Encode = (text: string, first: boolean) => Uint8Array;

/** Text to bytes in one of the corpus encodings (TextEncoder writes UTF-8 only; single-byte tables come from TextDecoder itself). */
function encoderFor(encoding: CorpusEncoding): Encode {
  if (encoding === 'utf-8' || encoding === 'utf-8-bom') {
    const encoder = new TextEncoder();
    return (text, first) => encoder.encode(first && encoding === 'utf-8-bom' ? `\ufeff${text}` : text);
  }
  if (encoding === 'utf-16le-bom' || encoding === 'utf-16be-bom') {
    const little = encoding === 'utf-16le-bom';
    return (text, first) => {
      const units = first ? `\ufeff${text}` : text;
      const out = new Uint8Array(units.length * 2);
      for (let i = 0; i < units.length; i++) {
        const u = units.charCodeAt(i);
        out[2 * i + (little ? 0 : 1)] = u & 0xff;
        out[2 * i + (little ? 1 : 0)] = u >> 8;
      }
      return out;
    };
  }
  const table = new Map<string, number>();
  const decoder = new TextDecoder(encoding);
  for (let b = 255; b >= 0; b--) table.set(decoder.decode(new Uint8Array([b])), b);
  return (text) => {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) {
      const b = table.get(text.charAt(i));
      if (b === undefined) throw new Error(`${encoding} cannot write ${JSON.stringify(text.charAt(i))}`);
      out[i] = b;
    }
    return out;
  };
}

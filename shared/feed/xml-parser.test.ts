import { describe, expect, it } from 'vitest';
import { FEED_LIMITS } from './parse/common';
import { parseChunks, type ParseOutcome } from './parse/outcome';
import { withDetail } from './testing/error-detail';
import { FeedParseError, type RawOrder } from './types';
import { createXmlParser } from './xml-parser';

const parse = (text: string | string[], kind: 'order' | 'lead' = 'order'): ParseOutcome => parseChunks(createXmlParser, typeof text === 'string' ? [text] : text, kind);

function orders(text: string | string[], kind: 'order' | 'lead' = 'order'): RawOrder[] {
  const outcome = parse(text, kind);
  if ('error' in outcome) throw new Error(`unexpected error: ${outcome.error.message}`);
  return outcome.orders;
}

function error(text: string | string[], kind: 'order' | 'lead' = 'order') {
  const outcome = parse(text, kind);
  if (!('error' in outcome)) throw new Error(`expected an error, got ${outcome.orders.length} orders`);
  // Every refusal these tests provoke must say itself in any language too.
  return withDetail(outcome.error);
}

const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<orders>
  <order>
    <id>A-1</id>
    <date>2026-11-20 10:15:00</date>
    <state>done</state>
    <price>120.50</price>
    <commission>12</commission>
    <lastorderdate>2026-01-02 08:00:00</lastorderdate>
    <newclient>0</newclient>
    <iscallcenter>0</iscallcenter>
    <stateupdatedate>2026-11-21</stateupdatedate>
    <ordersource>web</ordersource>
    <margin>30.1</margin>
    <coupon>PROMO</coupon>
    <products>
      <product>
        <id>P1</id>
        <category>shoes</category>
        <price>60.25</price>
        <quantity>2</quantity>
      </product>
    </products>
  </order>
  <order>
    <id>A-2</id>
    <state>cancel</state>
  </order>
</orders>
`;

describe('XML record parser: reading', () => {
  it('reads every field of the feed record, products and 1-based lines', () => {
    expect(orders(SAMPLE)).toEqual([
      {
        line: 3,
        fields: {
          id: 'A-1',
          date: '2026-11-20 10:15:00',
          state: 'done',
          price: '120.50',
          commission: '12',
          lastorderdate: '2026-01-02 08:00:00',
          newclient: '0',
          iscallcenter: '0',
          stateupdatedate: '2026-11-21',
          ordersource: 'web',
          margin: '30.1',
          coupon: 'PROMO',
        },
        products: [{ line: 17, fields: { id: 'P1', category: 'shoes', price: '60.25', quantity: '2' } }],
      },
      { line: 25, fields: { id: 'A-2', state: 'cancel' }, products: null },
    ]);
  });

  it('hands each order over as soon as it is closed (one order in memory)', () => {
    const seen: string[] = [];
    const parser = createXmlParser((o) => seen.push(o.fields.id ?? ''), { kind: 'order' });
    // More than the sniffed first kilobyte, so parsing has started before end().
    parser.push(`<orders>${'<!-- padding -->'.repeat(80)}<order><id>1</id></order><order><id>2</id></order>`);
    expect(seen).toEqual(['1', '2']);
    parser.push('</orders>');
    parser.end();
    expect(seen).toEqual(['1', '2']);
  });

  it('reads a lead feed: <leads><lead> with leadsource', () => {
    expect(orders('<leads><lead><id>L1</id><leadsource>form</leadsource></lead></leads>', 'lead')).toEqual([
      { line: 1, fields: { id: 'L1', leadsource: 'form' }, products: null },
    ]);
  });

  it('refuses the wrong root for the kind, saying what was expected', () => {
    const lead = error('<orders><order><id>1</id></order></orders>', 'lead');
    expect(lead.code).toBe('wrong-root');
    expect(lead.message).toContain('<leads>');
    const order = error('\n<leads><lead/></leads>', 'order');
    expect(order).toMatchObject({ code: 'wrong-root', line: 2 });
    expect(order.message).toContain('<orders>');
  });

  it('handles the declaration, comments, processing instructions and CDATA', () => {
    const text = `<?xml version="1.0"?><!-- head --><?pi data?>
<orders><!-- c --><order><id><![CDATA[<b>&amp;</b>]]></id><?x?><price>1<!-- inside -->2</price></order></orders><!-- tail -->`;
    expect(orders(text)).toEqual([{ line: 2, fields: { id: '<b>&amp;</b>', price: '12' }, products: null }]);
  });

  it('decodes the five predefined entities and numeric references, nothing else', () => {
    const [order] = orders('<orders><order><id>&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#x1F600;</id></order></orders>');
    expect(order?.fields.id).toBe(`<>&"' AB\u{1F600}`);
    expect(error('<orders><order><id>&nbsp;</id></order></orders>')).toMatchObject({ code: 'malformed', line: 1 });
    expect(error('<orders>\n<order><id>a & b</id></order></orders>')).toMatchObject({ code: 'malformed', line: 2 });
    expect(error('<orders><order><id>&#0;</id></order></orders>').code).toBe('malformed');
    expect(error('<orders><order><id>&#xD800;</id></order></orders>').code).toBe('malformed');
    expect(error('<orders><order><id>&#x110000;</id></order></orders>').code).toBe('malformed');
  });

  it('trims values, keeps an empty element as "" and an absent one as undefined', () => {
    const [order] = orders('<orders><order><id>\n  7 \n</id><coupon/><margin></margin></order></orders>');
    expect(order?.fields).toEqual({ id: '7', coupon: '', margin: '' });
    expect(Object.keys(order?.fields ?? {})).toEqual(['id', 'coupon', 'margin']);
  });

  it('normalises CRLF inside values and counts CRLF lines', () => {
    const [order] = orders('<orders>\r\n<order>\r\n<id>a\r\nb</id></order></orders>');
    expect(order).toMatchObject({ line: 2, fields: { id: 'a\nb' } });
  });

  it('ignores unknown elements and attributes, keeps the first of a repeated field', () => {
    const text = `<orders version="2" note='a > b'><meta><id>X</id></meta><order a="1" b='x/>y'>
<extra><id>nested</id></extra><id>1</id><id>2</id><state attr="s">done</state><price><b>bold</b>3</price></order></orders>`;
    expect(orders(text)).toEqual([{ line: 1, fields: { id: '1', state: 'done', price: '3' }, products: null }]);
  });

  it('reads self-closing orders and products', () => {
    expect(orders('<orders><order/><order><products/></order><order><products><product/></products></order></orders>')).toEqual([
      { line: 1, fields: {}, products: null },
      { line: 1, fields: {}, products: [] },
      { line: 1, fields: {}, products: [{ line: 1, fields: {} }] },
    ]);
  });

  it('reports products that do not follow the specification as productsProblem', () => {
    const text = (products: string) => `<orders><order><id>1</id><products>${products}</products></order></orders>`;
    expect(orders(text('loose text'))[0]?.productsProblem).toBe('text directly inside <products>');
    expect(orders(text('<item/>'))[0]?.productsProblem).toBe('unknown element <item> inside <products>');
    const [order] = orders(text('<product><id>1</id><colour>red</colour></product>'));
    expect(order?.productsProblem).toBe('unknown element <colour> inside <product>');
    expect(order?.products).toEqual([{ line: 1, fields: { id: '1' } }]);
    expect(orders(text('<product><id>1</id></product>'))[0]).not.toHaveProperty('productsProblem');
  });

  it('merges two <products> elements of one order', () => {
    const [order] = orders('<orders><order><products><product><id>a</id></product></products><products><product><id>b</id></product></products></order></orders>');
    expect(order?.products?.map((p) => p.fields.id)).toEqual(['a', 'b']);
  });

  it('strips a BOM', () => {
    expect(orders('\uFEFF<orders><order><id>1</id></order></orders>')).toHaveLength(1);
  });

  it('gives the same result whatever the chunking, down to one character per chunk', () => {
    expect(orders([...SAMPLE])).toEqual(orders(SAMPLE));
  });
});

describe('XML record parser: refusals', () => {
  it.each([
    ['<!DOCTYPE orders><orders/>', 'doctype'],
    ['<?xml version="1.0"?>\n<!doctype orders SYSTEM "x.dtd"><orders/>', 'doctype'],
    ['<!ENTITY x "y"><orders/>', 'doctype'],
    ['<orders><order><id>1</id></ord></orders>', 'malformed'],
    ['</orders>', 'malformed'],
    ['text<orders/>', 'malformed'],
    ['<orders/>text', 'malformed'],
    ['<orders/><orders/>', 'malformed'],
    ['<orders>< order/></orders>', 'malformed'],
    ['<orders><order id=1/></orders>', 'malformed'],
    ['<orders><order id="1"x="2"/></orders>', 'malformed'],
    ['<orders><order id="<"/></orders>', 'malformed'],
    ['<orders><!x></orders>', 'malformed'],
    ['<orders><order><id>1</id>', 'truncated'],
    ['<orders><order><id>1</i', 'truncated'],
    ['<orders><!-- never closed', 'truncated'],
    ['<orders><order><id><![CDATA[ open', 'truncated'],
    ['<orders><order a="unclosed', 'truncated'],
    ['<?xml version="1.0"?>\n<!-- no root -->', 'truncated'],
    ['<orders', 'truncated'],
  ])('%j -> %s', (text, code) => {
    const outcome = error(text);
    expect(outcome.code).toBe(code);
    expect(outcome.line).toBeGreaterThanOrEqual(1);
    expect(outcome.message).toMatch(/^line \d+: /);
  });

  it('names the line of the problem', () => {
    expect(error('<orders>\n<order>\n<id>1</id>\n</wrong>\n</orders>')).toMatchObject({ code: 'malformed', line: 4 });
    expect(error('<orders>\n\n<order>\n<id>1</id>\n')).toMatchObject({ code: 'truncated', line: 5 });
  });

  it('refuses empty and whitespace-only input as empty', () => {
    expect(error('').code).toBe('empty');
    expect(error(' \n\t\r\n ').code).toBe('empty');
    expect(error('\uFEFF').code).toBe('empty');
    expect(error([]).code).toBe('empty');
  });

  it('refuses binary input', () => {
    expect(error('<orders>\u0000\u0000</orders>').code).toBe('binary');
    expect(error('\u001f\uFFFD\b\u0000\u0003'.repeat(300)).code).toBe('binary');
  });

  it(`accepts ${FEED_LIMITS.maxDepth} levels of nesting and refuses one more`, () => {
    const nest = (levels: number) => `<orders><order>${'<x>'.repeat(levels - 2)}${'</x>'.repeat(levels - 2)}</order></orders>`;
    expect(orders(nest(FEED_LIMITS.maxDepth))).toHaveLength(1);
    expect(error(nest(FEED_LIMITS.maxDepth + 1))).toMatchObject({ code: 'too-deep', line: 1 });
  });

  it('accepts a value at the token cap and refuses one past it', () => {
    const value = (n: number) => `<orders><order><id>${'a'.repeat(n)}</id></order></orders>`;
    expect(orders(value(FEED_LIMITS.maxToken))[0]?.fields.id).toHaveLength(FEED_LIMITS.maxToken);
    expect(error(value(FEED_LIMITS.maxToken + 1)).code).toBe('token-too-large');
    // A value in pieces (CDATA, comments) is capped as a whole.
    const half = 'b'.repeat(FEED_LIMITS.maxToken / 2 + 1);
    expect(error(`<orders><order><id>${half}<![CDATA[${half}]]></id></order></orders>`).code).toBe('token-too-large');
  });

  it('refuses a tag, a comment or a name past the token cap', () => {
    const big = 'x'.repeat(FEED_LIMITS.maxToken + 1);
    expect(error(`<orders><order a="${big}"/></orders>`).code).toBe('token-too-large');
    expect(error(`<orders><!--${big}--></orders>`).code).toBe('token-too-large');
    expect(error(`<orders><${big}/></orders>`).code).toBe('token-too-large');
    expect(error(`<?pi ${big}?><orders/>`).code).toBe('token-too-large');
  });

  it(`refuses an order with more than ${FEED_LIMITS.maxProductsPerOrder} products`, () => {
    const products = (n: number) => `<orders><order><products>${'<product/>'.repeat(n)}</products></order></orders>`;
    expect(orders(products(FEED_LIMITS.maxProductsPerOrder))[0]?.products).toHaveLength(FEED_LIMITS.maxProductsPerOrder);
    expect(error(products(FEED_LIMITS.maxProductsPerOrder + 1)).code).toBe('token-too-large');
  });

  it('refuses an order whose kept values exceed the order budget', () => {
    const product = `<product><category>${'c'.repeat(FEED_LIMITS.maxToken)}</category></product>`;
    const count = Math.floor(FEED_LIMITS.maxOrderChars / FEED_LIMITS.maxToken);
    const feed = (n: number) => `<orders><order><products>${product.repeat(n)}</products></order></orders>`;
    expect(orders(feed(count))[0]?.products).toHaveLength(count);
    expect(error(feed(count + 1)).code).toBe('token-too-large');
  });

  it('repeats its error on later calls instead of parsing on from a broken state', () => {
    const parser = createXmlParser(() => undefined, { kind: 'order' });
    const first = (() => {
      try {
        parser.push(`<orders><order></x>${' '.repeat(2000)}`);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(first).toBeInstanceOf(FeedParseError);
    expect(() => parser.push('<order/>')).toThrow(first as Error);
    expect(() => parser.end()).toThrow(first as Error);
  });
});

describe('XML record parser: control characters (XML 1.0 allows only tab, LF and CR)', () => {
  // Padding pushes the construct past the sniffed first kilobyte, where the parser sees it chunk by chunk.
  const pad = `<!--${' '.repeat(1100)}-->\n`;
  const feed = (inner: string) => `<?xml version="1.0"?>\n${pad}<orders>\n<order>\n<id>A1</id>\n${inner}\n</order>\n</orders>\n`;
  // Line 6 is `inner`'s first line in feed().
  const cases: [string, string][] = [
    ['a field value (fast path)', '<price>1\u00012</price>'],
    ['a field value with a comment inside (general path)', '<price>1<!-- c -->\u00012</price>'],
    ['a product field', '<products><product><id>P\u001f</id></product></products>'],
    ['text between elements', '\u000b<price>1</price>'],
    ['an unknown element', '<note>x\u0008</note>'],
    ['CDATA', '<coupon><![CDATA[A\u0000B]]></coupon>'],
    ['an attribute value', '<price currency="E\u0002">1</price>'],
    ['a tag name', '<pri\u0003ce>1</pri\u0003ce>'],
    ['a comment', '<!-- \u0007 -->'],
    ['a processing instruction', '<?pi \u001b?>'],
    ['a closing tag', '<price>1</price\u0004>'],
    ['a form feed', '<price>1\u000c</price>'],
  ];
  for (const [where, inner] of cases) {
    it(`refuses one in ${where} as malformed, with its line, whatever the chunking`, () => {
      const text = feed(inner);
      const e = error(text);
      expect(e.code).toBe('malformed');
      expect(e.message).toMatch(/^line 6: a control character \(U\+00[01][0-9A-F]\) is not allowed in XML/);
      expect(error([...text])).toEqual(e);
      const at = text.indexOf(inner) + 3;
      expect(error([text.slice(0, at), text.slice(at)])).toEqual(e);
    });
  }

  it('names the line of the character inside a multi-line value', () => {
    expect(error(feed('<coupon>a\nb\n\u0001</coupon>')).line).toBe(8);
  });

  it('accepts tab, LF and CR, and control characters written as nothing but text (C1, DEL)', () => {
    const [order] = orders(feed('<coupon>\ta\r\nb\u0085\u007f</coupon>'));
    expect(order?.fields.coupon).toBe('a\nb\u0085\u007f');
  });
});

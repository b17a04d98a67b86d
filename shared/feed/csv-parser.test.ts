import { describe, expect, it } from 'vitest';
import { createCsvParser } from './csv-parser';
import { FEED_LIMITS } from './parse/common';
import { parseChunks, type ParseOutcome } from './parse/outcome';
import { withDetail } from './testing/error-detail';
import type { RawOrder } from './types';

const parse = (text: string | string[], kind: 'order' | 'lead' = 'order'): ParseOutcome => parseChunks(createCsvParser, typeof text === 'string' ? [text] : text, kind);

function orders(text: string | string[], kind: 'order' | 'lead' = 'order'): RawOrder[] {
  const outcome = parse(text, kind);
  if ('error' in outcome) throw new Error(`unexpected error: ${outcome.error.message}`);
  return outcome.orders;
}

function error(text: string | string[]) {
  const outcome = parse(text);
  if (!('error' in outcome)) throw new Error(`expected an error, got ${outcome.orders.length} orders`);
  // Every refusal these tests provoke must say itself in any language too.
  return withDetail(outcome.error);
}

const SAMPLE = [
  'id;date;state;price;newclient;product_id;product_category;product_price;product_quantity',
  'A1;2026-11-20 10:00:00;done;30;1;P1;shoes;10;1',
  'A1;2026-11-20 10:00:00;done;30;1;P2;hats;10;2',
  'A2;2026-11-19 09:00:00;cancel;5;0;P3;hats;5;1',
  '',
].join('\n');

describe('CSV record parser: reading', () => {
  it('groups consecutive rows of one id into one order with its products', () => {
    expect(orders(SAMPLE)).toEqual([
      {
        line: 2,
        fields: { id: 'A1', date: '2026-11-20 10:00:00', state: 'done', price: '30', newclient: '1' },
        products: [
          { line: 2, fields: { id: 'P1', category: 'shoes', price: '10', quantity: '1' } },
          { line: 3, fields: { id: 'P2', category: 'hats', price: '10', quantity: '2' } },
        ],
      },
      { line: 4, fields: { id: 'A2', date: '2026-11-19 09:00:00', state: 'cancel', price: '5', newclient: '0' }, products: [{ line: 4, fields: { id: 'P3', category: 'hats', price: '5', quantity: '1' } }] },
    ]);
  });

  it('detects a comma delimiter from the header', () => {
    expect(orders('id,price,coupon\n1,2.5,"A,B"\n')).toEqual([{ line: 2, fields: { id: '1', price: '2.5', coupon: 'A,B' }, products: null }]);
  });

  it('keeps a later, non-consecutive row with the same id as a separate order (the rules see a duplicate id)', () => {
    expect(orders('id;state\n1;done\n2;done\n1;cancel\n').map((o) => [o.fields.id, o.line])).toEqual([
      ['1', 2],
      ['2', 3],
      ['1', 4],
    ]);
  });

  it('takes order fields from the first row of an order (later rows may leave them empty)', () => {
    const [order, ...rest] = orders('id;state;price;product_id\n1;done;10;a\n1;;;b\n1;done;10;c\n');
    expect(rest).toEqual([]);
    expect(order?.fields).toEqual({ id: '1', state: 'done', price: '10' });
    expect(order?.products?.map((p) => p.fields.id)).toEqual(['a', 'b', 'c']);
    expect(order?.conflict).toBeUndefined();
  });

  it('starts a new order, marked with the conflict, when a row with the same id disagrees on an order field', () => {
    const found = orders('id;date;state;price;product_id\nA1;2026-11-20;done;30;P1\nA1;2026-11-20;done;30;P2\nA1;2026-11-20;cancel;30;P1\nA1;2026-11-20;cancel;30;P2\nA2;2026-11-21;done;5;P3\n');
    expect(found.map((o) => [o.fields.id, o.line, o.fields.state, o.products?.length])).toEqual([
      ['A1', 2, 'done', 2],
      ['A1', 4, 'cancel', 2],
      ['A2', 6, 'done', 1],
    ]);
    expect(found[0]?.conflict).toBeUndefined();
    expect(found[1]?.conflict).toEqual({ line: 2, field: 'state', before: 'done', after: 'cancel' });
    // The new order has all its own fields, those equal to the previous order's too.
    expect(found[1]?.fields).toEqual({ id: 'A1', date: '2026-11-20', state: 'cancel', price: '30' });
    expect(found[1]?.products?.map((p) => [p.line, p.fields.id])).toEqual([
      [4, 'P1'],
      [5, 'P2'],
    ]);
    expect(found[2]?.conflict).toBeUndefined();
  });

  it('compares every order field, lead fields too, and names the first one that differs', () => {
    const fields = ['date', 'state', 'price', 'commission', 'lastorderdate', 'newclient', 'iscallcenter', 'stateupdatedate', 'ordersource', 'leadsource', 'margin', 'coupon'] as const;
    for (const field of fields) {
      const text = `id;${field};coupon2\n7;a;x\n7;b;y\n`;
      const found = orders(text);
      expect(found.map((o) => o.line), field).toEqual([2, 3]);
      expect(found[1]?.conflict, field).toEqual({ line: 2, field, before: 'a', after: 'b' });
    }
    // Spaces around a value, quotes, the id column last: compared as values.
    expect(orders('state;price;id\n done ;"10";7\ndone;10; 7 \n"done";" 10";"7"\n')).toHaveLength(1);
    expect(orders('state;price;id\ndone;10;7\ndone;"11";7\n').map((o) => o.conflict?.field)).toEqual([undefined, 'price']);
    // A column the record does not use never splits an order.
    expect(orders('id;state;note\n7;done;x\n7;done;y\n')).toHaveLength(1);
  });

  it('finds the conflict whatever the chunking', () => {
    const text = `id;state;product_id\n${'9;done;a\n'.repeat(150)}9;wait;b\n9;wait;c\n`;
    const whole = orders(text);
    expect(whole.map((o) => o.line)).toEqual([2, 152]);
    for (const at of [1000, 1500, text.length - 10]) expect(orders([text.slice(0, at), text.slice(at)])).toEqual(whole);
    expect(orders([...text])).toEqual(whole);
  });

  it('matches header names trimmed and case-insensitively, ignores unknown and repeated columns', () => {
    expect(orders(' ID ;Price;Colour;price\n1;2;red;3\n')).toEqual([{ line: 2, fields: { id: '1', price: '2' }, products: null }]);
  });

  it('reads a lead feed with leadsource', () => {
    expect(orders('id;leadsource\nL1;form\n', 'lead')[0]?.fields).toEqual({ id: 'L1', leadsource: 'form' });
  });

  it('treats empty cells as absent fields and trims values', () => {
    expect(orders('id;state;price\n 1 ;;  \n')[0]?.fields).toEqual({ id: '1' });
  });

  it('gives products: null without product columns, [] for an order line without product cells', () => {
    expect(orders('id\n1\n')[0]?.products).toBeNull();
    expect(orders('id;product_id\n1;\n')[0]?.products).toEqual([]);
  });

  it('reports half-filled product columns as productsProblem and keeps what is there', () => {
    const [order] = orders('id;product_id;product_category;product_price;product_quantity\n1;P1;;3;\n1;P2;c;1;1\n');
    expect(order?.products).toEqual([
      { line: 2, fields: { id: 'P1', price: '3' } },
      { line: 3, fields: { id: 'P2', category: 'c', price: '1', quantity: '1' } },
    ]);
    expect(order?.productsProblem).toBe('line 2: product columns half filled (product_category, product_quantity empty)');
  });

  it('follows RFC 4180 quoting: delimiters, doubled quotes, newlines inside quotes (lines still counted)', () => {
    const text = 'id;coupon;state\r\n1;"a;b ""c""\r\nline two";done\r\n2;"";new\r\n"3";x;"wait"';
    expect(orders(text)).toEqual([
      { line: 2, fields: { id: '1', coupon: 'a;b "c"\r\nline two', state: 'done' }, products: null },
      { line: 4, fields: { id: '2', state: 'new' }, products: null },
      { line: 5, fields: { id: '3', coupon: 'x', state: 'wait' }, products: null },
    ]);
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(orders('id;coupon\n1;say "hi"\n')[0]?.fields.coupon).toBe('say "hi"');
  });

  it('skips blank lines and rows whose cells are all empty', () => {
    expect(orders('\n\nid,state\n\n1,done\n,\n   \n2,new').map((o) => [o.fields.id, o.line])).toEqual([
      ['1', 5],
      ['2', 8],
    ]);
  });

  it('strips a BOM and reads a last row without a newline', () => {
    expect(orders('\uFEFFid;state\n1;done')).toEqual([{ line: 2, fields: { id: '1', state: 'done' }, products: null }]);
  });

  it('reads a header-only feed as no orders', () => {
    expect(orders('id;state\n')).toEqual([]);
  });

  // Rows repeating the order's leading columns are matched with its first row in one piece
  // (the prefix): the orders must be those of rows that leave those columns empty.
  it('reads rows that repeat the leading order columns as rows that leave them empty, with quotes, padding and CRLF', () => {
    const head = 'id;date;state;coupon;product_id;product_category;product_price;product_quantity';
    const rows = (repeat: (lead: string) => string) =>
      [
        head,
        'A1;2026-11-20 10:00:00;done;;P1;shoes;10;1',
        `${repeat('A1;2026-11-20 10:00:00;done;;')}P2;"hats; caps";10;2`,
        `${repeat('A1;2026-11-20 10:00:00;done;;')}P3; socks ;10;3`,
        '"A2";2026-11-19 09:00:00;new;X;P4;hats;5;1\r',
        `${repeat('"A2";2026-11-19 09:00:00;new;X;')}P5;hats;5;1\r`,
        'A3; 2026-11-18 08:00:00 ;wait;;P6;hats;5;1',
        `${repeat('A3; 2026-11-18 08:00:00 ;wait;;')}P7;hats;5;1`,
        '',
      ].join('\n');
    const repeated = rows((lead) => lead);
    const blank = rows((lead) => `${lead.startsWith('"') ? '"A2"' : lead.slice(0, 2)};;;;`);
    expect(orders(repeated)).toEqual(orders(blank));
    expect(orders(repeated).map((o) => [o.line, o.products?.length])).toEqual([
      [2, 3],
      [5, 2],
      [7, 2],
    ]);
    expect(orders([...repeated])).toEqual(orders(repeated));
  });

  // An all-quoted export's prefix holds quotes (issue 32): it must read as the cells do, and never span a quoted line break.
  it('matches all-quoted rows with the prefix (doubled quotes, delimiters inside), not across a quoted line break, and still finds conflicts', () => {
    const q = (cells: string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');
    const row = (id: string, state: string, coupon: string, product: string) => q([id, '2026-11-20 10:00:00', state, coupon, product, 'Обувь', '10', '1']);
    const feed = [
      q(['id', 'date', 'state', 'coupon', 'product_id', 'product_category', 'product_price', 'product_quantity']),
      row('A1', 'done', 'ПРОМО "7", зима', 'P1'),
      row('A1', 'done', 'ПРОМО "7", зима', 'P2'),
      row('A1', 'cancel', 'ПРОМО "7", зима', 'P3'),
      row('A2', 'new', 'две\nстроки', 'P4'),
      row('A2', 'new', 'две\nстроки', 'P5'),
      row('A2', 'new', 'две\nстрокИ', 'P6'),
      '',
    ].join('\r\n');
    const read = (text: string) => orders(text).map((o) => [o.line, o.fields.state, o.fields.coupon, o.conflict?.field, o.products?.map((p) => p.fields.id)]);
    const expected = [
      [2, 'done', 'ПРОМО "7", зима', undefined, ['P1', 'P2']],
      [4, 'cancel', 'ПРОМО "7", зима', 'state', ['P3']],
      [5, 'new', 'две\nстроки', undefined, ['P4', 'P5']],
      [9, 'new', 'две\nстрокИ', 'coupon', ['P6']],
    ];
    expect(read(feed)).toEqual(expected);
    expect(orders([...feed])).toEqual(orders(feed));
  });

  it('still finds a conflict in an order column after the product columns, and reads layouts with products first', () => {
    const late = ['id;product_id;state', '7;a;done', '7;b;done', '7;c;cancel', ''].join('\n');
    expect(orders(late).map((o) => [o.line, o.fields.state, o.conflict?.field, o.products?.length])).toEqual([
      [2, 'done', undefined, 2],
      [4, 'cancel', 'state', 1],
    ]);
    const first = ['product_id;id;state', 'a;7;done', 'b;7;done', 'c;8;done', ''].join('\n');
    expect(orders(first).map((o) => [o.fields.id, o.products?.map((p) => p.fields.id)])).toEqual([
      ['7', ['a', 'b']],
      ['8', ['c']],
    ]);
  });

  it('gives the same result whatever the chunking, down to one character per chunk', () => {
    const text = `${SAMPLE}"A3";"x""y\ny";done\r\nA4;;;\r\n`;
    expect(orders([...text])).toEqual(orders(text));
  });

  it('reads a row cut at a chunk end the same whether the next line break ends it or lies inside its quotes', () => {
    // Past the input gate's first kilobyte, where a pending row meets the next chunk (feed()).
    const filler = Array.from({ length: 40 }, (_, i) => `F${i};2026-11-20 10:00:00;done;30;1;P${i};shoes;10;1`).join('\n');
    const tail = '\n"B1";"2026-11-20 10:00:00";"done";"30";"1";"P1";"two\nlines";"10";"1"\r\n"B1";"2026-11-20 10:00:00";"done";"30";"1";"P2";"a ""b""\r\nc\nd";"10";"2"\nB2;;cancel;;;P3;hats;5;1\n';
    const text = `${SAMPLE}${filler}${tail}`;
    const whole = orders(text);
    expect(whole.at(-2)?.products?.map((p) => p.fields.category)).toEqual(['two\nlines', 'a "b"\r\nc\nd']);
    const from = text.length - tail.length - 5;
    for (let cut = from; cut < text.length; cut++) {
      expect(orders([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
      for (let second = cut + 1; second < text.length; second += 11) expect(orders([text.slice(0, cut), text.slice(cut, second), text.slice(second)])).toEqual(whole);
    }
  });
});

describe('CSV record parser: refusals', () => {
  it('refuses a header without an id column, saying what it found', () => {
    const outcome = error('order_id;state\n1;done\n');
    expect(outcome).toMatchObject({ code: 'csv-header', line: 1 });
    expect(outcome.message).toContain('order_id, state');
    expect(error('\n\ndate\n').line).toBe(3);
  });

  it('refuses text after a closing quote, naming the line', () => {
    expect(error('id;coupon\n1;ok\n2;"a"b\n')).toMatchObject({ code: 'malformed', line: 3 });
  });

  it('refuses a quoted field that is never closed as truncated', () => {
    expect(error('id;coupon\n1;"open\n2;x\n')).toMatchObject({ code: 'truncated', line: 2 });
  });

  it('refuses empty, whitespace-only and binary input', () => {
    expect(error('').code).toBe('empty');
    expect(error(' \r\n\t\n').code).toBe('empty');
    expect(error('id;state\n\u0000\u0001\u0002').code).toBe('binary');
  });

  it('accepts a field at the cap and refuses one past it, quoted or not', () => {
    const max = FEED_LIMITS.maxToken;
    expect(orders(`id;coupon\n1;${'a'.repeat(max)}\n`)[0]?.fields.coupon).toHaveLength(max);
    expect(error(`id;coupon\n1;${'a'.repeat(max + 1)}\n`)).toMatchObject({ code: 'token-too-large', line: 2 });
    expect(error(`id;coupon\n1;"${'a'.repeat(max + 1)}"\n`).code).toBe('token-too-large');
  });

  it('refuses a row past the record cap, even of small fields', () => {
    expect(error(`id;coupon\n${'1;'.repeat(FEED_LIMITS.maxCsvRecord / 2 + 1)}\n`).code).toBe('token-too-large');
    expect(error(`id;coupon\n"${'1;'.repeat(FEED_LIMITS.maxCsvRecord / 2 + 1)}\n`).code).toBe('token-too-large');
  });

  it('refuses an order whose rows exceed the order budget', () => {
    const row = `1;${'c'.repeat(FEED_LIMITS.maxToken - 10)}\n`;
    const count = Math.floor(FEED_LIMITS.maxOrderChars / row.length);
    expect(orders(`id;product_id\n${row.repeat(count)}`)[0]?.products).toHaveLength(count);
    expect(error(`id;product_id\n${row.repeat(count + 1)}`)).toMatchObject({ code: 'token-too-large', line: count + 2 });
  });

  it(`refuses an order with more than ${FEED_LIMITS.maxProductsPerOrder} product rows`, () => {
    const rows = (n: number) => `id;product_id\n${'1;p\n'.repeat(n)}`;
    expect(orders(rows(FEED_LIMITS.maxProductsPerOrder))[0]?.products).toHaveLength(FEED_LIMITS.maxProductsPerOrder);
    expect(error(rows(FEED_LIMITS.maxProductsPerOrder + 1)).code).toBe('token-too-large');
  });
});

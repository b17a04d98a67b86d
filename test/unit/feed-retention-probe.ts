/**
 * Run by feed-retention.test.ts as `node --expose-gc --import tsx`: checks an XML feed given in
 * 1 MiB chunks whose rare bad orders (one per chunk or so) give examples of many warning keys,
 * then prints the V8 heap still used, after two full collections, with the result alive.
 * argv[2] = "bad" for those orders, anything else for a feed without them; argv[3] = xml or csv.
 */
import { createFeedChecker } from '../../shared/feed/checker';

const withBad = process.argv[2] === 'bad';
const format = process.argv[3] === 'csv' ? 'csv' : 'xml';
const bad = (i: number) =>
  `<order><id>ORDER-ID-LONG-${String(i).padStart(10, '0')}</id><date>not-a-date-value-${i}</date><state>weird-state-value-${i}</state><price>price-is-not-a-number-${i}</price><newclient>not-a-flag-value-${i}</newclient><iscallcenter>also-not-a-flag-${i}</iscallcenter><commission>commission-bad-${i}</commission><products><product><id>PRODUCT-LONG-ID-${i}</id><price>bad-product-price-${i}</price><quantity>bad-quantity-${i}</quantity></product></products></order>\n`;
const good = (i: number) =>
  `<order><id>ORDER-ID-LONG-${String(i).padStart(10, '0')}</id><date>2026-10-01 10:00:00</date><state>done</state><price>10</price><newclient>1</newclient><iscallcenter>0</iscallcenter><commission>1</commission><products><product><id>P${i}</id><price>10</price><quantity>1</quantity><category>c</category></product></products></order>\n`;

const CSV_HEADER = 'id;date;state;price;commission;newclient;iscallcenter;product_id;product_category;product_price;product_quantity\n';
const badRow = (i: number) =>
  `ORDER-ID-LONG-${String(i).padStart(10, '0')};not-a-date-value-${i};weird-state-value-${i};price-is-not-a-number-${i};commission-bad-${i};not-a-flag-value-${i};also-not-a-flag-${i};PRODUCT-LONG-ID-${i};;bad-product-price-${i};bad-quantity-${i}\n`;
const goodRow = (i: number) => `ORDER-ID-LONG-${String(i).padStart(10, '0')};2026-10-01 10:00:00;done;10;1;1;0;P${i};c;10;1\n`;

const checker = createFeedChecker({ format, product: '360', now: new Date('2026-11-24T00:00:00Z') });
const encoder = new TextEncoder();
checker.pushBytes(encoder.encode(format === 'csv' ? CSV_HEADER : '<?xml version="1.0" encoding="UTF-8"?>\n<orders>\n'));
let text = '';
for (let i = 0; i < 200_000; i++) {
  if (format === 'csv') text += withBad && i % 20_000 === 0 ? badRow(i) : goodRow(i);
  else text += withBad && i % 20_000 === 0 ? bad(i) : good(i);
  if (text.length > 1_048_576) {
    checker.pushBytes(encoder.encode(text));
    text = '';
  }
}
checker.pushBytes(encoder.encode(format === 'csv' ? text : `${text}</orders>\n`));
const result = checker.end();
const gc = (globalThis as { gc?: () => void }).gc!;
gc();
gc();
const examples = Object.values(result.errors).reduce((n, list) => n + (list?.length ?? 0), 0);
process.stdout.write(JSON.stringify({ examples, heapUsed: process.memoryUsage().heapUsed }));

import { describe, expect, it } from 'vitest';
import { createFeedChecker } from './checker';
import { CSV_SNIFF_BYTES, createFeedDecoder, incompleteTail, legacyEncoding } from './decode';
import { withDetail } from './testing/error-detail';
import { FeedParseError, type FeedFormat } from './types';

const ascii = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: (string | number[])[]) => {
  const chunks = parts.map((p) => (typeof p === 'string' ? ascii(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

// Real legacy bytes, written out (not produced by the decoder under test).
/** "Привет" in windows-1251. */
const CP1251_PRIVET = [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2];
/** "Москва" in windows-1251. */
const CP1251_MOSKVA = [0xcc, 0xee, 0xf1, 0xea, 0xe2, 0xe0];
/** "café" in ISO-8859-1 / windows-1252. */
const LATIN1_CAFE = [0x63, 0x61, 0x66, 0xe9];
/** "Crème brûlée" in ISO-8859-1. */
const LATIN1_CREME = [0x43, 0x72, 0xe8, 0x6d, 0x65, 0x20, 0x62, 0x72, 0xfb, 0x6c, 0xe9, 0x65];

/** Decodes bytes cut at the given offsets. */
function decodeAll(format: FeedFormat, input: Uint8Array, cuts: number[] = []): { text: string; encoding: string } {
  const decoder = createFeedDecoder(format);
  let text = '';
  let from = 0;
  for (const cut of [...cuts, input.length]) {
    text += decoder.decode(input.subarray(from, cut));
    from = cut;
  }
  text += decoder.end();
  return { text, encoding: decoder.encoding };
}

function refusal(format: FeedFormat, input: Uint8Array): FeedParseError {
  try {
    decodeAll(format, input);
  } catch (error) {
    if (error instanceof FeedParseError) return withDetail(error);
    throw error;
  }
  throw new Error('expected a FeedParseError');
}

const xmlFeed = (encoding: string, id: number[], category: number[]) =>
  bytes(`<?xml version="1.0" encoding="${encoding}"?>\n<orders>\n<order><id>`, id, '</id><state>done</state><products><product><id>1</id><category>', category, '</category></product></products></order>\n</orders>\n');

describe('createFeedDecoder: XML follows its declaration', () => {
  it('reads a windows-1251 feed, whatever the chunking, down to one byte at a time', () => {
    const input = xmlFeed('windows-1251', CP1251_PRIVET, CP1251_MOSKVA);
    const whole = decodeAll('xml', input);
    expect(whole.encoding).toBe('windows-1251');
    expect(whole.text).toContain('<id>Привет</id>');
    expect(whole.text).toContain('<category>Москва</category>');
    for (let cut = 0; cut <= input.length; cut++) expect(decodeAll('xml', input, [cut]).text).toBe(whole.text);
    expect(decodeAll('xml', input, Array.from({ length: input.length }, (_, i) => i)).text).toBe(whole.text);
  });

  it('reads ISO-8859-1 (as the web standard does, through its superset windows-1252), labels in any case and quotes', () => {
    for (const label of ['ISO-8859-1', 'iso-8859-1', 'latin1', 'windows-1252']) {
      const { text, encoding } = decodeAll('xml', xmlFeed(label, LATIN1_CAFE, LATIN1_CREME));
      expect(encoding, label).toBe('windows-1252');
      expect(text, label).toContain('<id>café</id><state>');
      expect(text, label).toContain('Crème brûlée');
    }
    const single = bytes("<?xml version='1.0' encoding='cp1251' standalone='yes'?><orders><order><id>", CP1251_PRIVET, '</id></order></orders>');
    expect(decodeAll('xml', single).text).toContain('Привет');
  });

  it('feeds the checker the decoded ids (the engine sees text, never bytes)', () => {
    const decoder = createFeedDecoder('xml');
    const checker = createFeedChecker({ format: 'xml', product: '360', now: new Date('2026-11-21T00:00:00Z') });
    const doubled = bytes('<?xml version="1.0" encoding="windows-1251"?>\n<orders>', '<order><id>', CP1251_PRIVET, '</id></order>', '<order><id>', CP1251_PRIVET, '</id></order></orders>');
    for (let i = 0; i < doubled.length; i += 7) checker.push(decoder.decode(doubled.subarray(i, i + 7)));
    checker.push(decoder.end());
    const result = checker.end();
    expect(result.errors.duplicatedIds).toEqual([{ orderId: 'Привет', line: 2 }]);
  });

  it('reads UTF-8 by default and with a declaration, a character split anywhere', () => {
    const text = '<?xml version="1.0" encoding="UTF-8"?><orders><order><id>Заказ-€-𝄞-é</id></order></orders>';
    const input = ascii(text);
    for (let cut = 0; cut <= input.length; cut++) expect(decodeAll('xml', input, [cut])).toEqual({ text, encoding: 'utf-8' });
    expect(decodeAll('xml', input, Array.from({ length: input.length }, (_, i) => i)).text).toBe(text);
    expect(decodeAll('xml', ascii('<orders/>')).text).toBe('<orders/>');
  });

  it('reads UTF-8 whose chunks switch between ASCII and other text, invalid bytes included, as one call does', () => {
    // Node decodes an ASCII chunk in one call and other text in streaming calls (faster there):
    // the two must give the same text, replacement characters included, wherever the cuts fall.
    const input = bytes(
      '<orders><order><id>',
      'Заказ-€-𝄞-é',
      '</id>',
      [0xff],
      'x',
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
      'y',
      [0xf0, 0x80],
      '</order>\n',
      [0xd0, 0x9e, 0x80],
      'ascii again, long enough to be a chunk of its own\n',
      [0xe2, 0x82, 0xac],
      '</orders>',
    );
    const expected = new TextDecoder().decode(input);
    for (let cut = 0; cut <= input.length; cut++) expect(decodeAll('xml', input, [cut]).text).toBe(expected);
    for (let step = 1; step <= 7; step++) {
      for (let shift = 0; shift < step; shift++) {
        const cuts = Array.from({ length: Math.ceil(input.length / step) }, (_, i) => shift + i * step).filter((c) => c > 0 && c < input.length);
        expect(decodeAll('xml', input, cuts).text).toBe(expected);
      }
    }
  });

  it('drops a byte order mark at the start only, and lets it win over the declaration', () => {
    const withBom = bytes([0xef, 0xbb, 0xbf], '<?xml version="1.0" encoding="windows-1251"?><orders><order><id>\u00e9\ufeff</id></order></orders>');
    const { text, encoding } = decodeAll('xml', withBom, [1, 2]);
    expect(encoding).toBe('utf-8');
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text).toContain('<id>é\ufeff</id>');
  });

  it('reads UTF-16 with a byte order mark, or when the declaration itself is UTF-16', () => {
    const text = '<?xml version="1.0" encoding="UTF-16"?><orders><order><id>Ёж</id></order></orders>';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) le.set([text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8], 2 + i * 2);
    for (const cut of [1, 2, 3, 17, le.length - 1]) expect(decodeAll('xml', le, [cut])).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeAll('xml', le.subarray(2))).toEqual({ text, encoding: 'utf-16le' });
  });

  it('refuses an encoding it cannot read, with a clear message on line 1', () => {
    for (const label of ['x-klingon', 'utf-9', '', 'iso-2022-kr']) {
      const e = refusal('xml', bytes(`<?xml version="1.0" encoding="${label}"?><orders/>`));
      expect(e.code, label).toBe('encoding');
      expect(e.line).toBe(1);
      expect(e.message).toBe(`line 1: the XML declaration names the encoding "${label}", which the check cannot read: save the feed as UTF-8 (windows-1251, ISO-8859-1 and windows-1252 are read too)`);
    }
    const e = refusal('xml', bytes('<?xml version="1.0" encoding="UTF-16"?><orders/>'));
    expect(e.code).toBe('encoding');
    expect(e.message).toMatch(/says "UTF-16" but the file is not UTF-16/);
  });

  it('waits for the whole declaration, up to the sniffed kilobyte, then decides', () => {
    const decoder = createFeedDecoder('xml');
    expect(decoder.decode(ascii('<?xml version="1.0" enc'))).toBe('');
    expect(decoder.decode(ascii('oding="windows-1251"?><orders><order><id>'))).toBe('<?xml version="1.0" encoding="windows-1251"?><orders><order><id>');
    expect(decoder.decode(Uint8Array.from(CP1251_PRIVET))).toBe('Привет');
    expect(decoder.end()).toBe('');
    // No declaration in the first kilobyte: UTF-8 (what the parser then reads is its business).
    const late = bytes(' '.repeat(1100), '<?xml version="1.0" encoding="windows-1251"?><orders/>');
    expect(decodeAll('xml', late).encoding).toBe('utf-8');
    expect(decodeAll('xml', new Uint8Array(0))).toEqual({ text: '', encoding: 'utf-8' });
    expect(decodeAll('xml', ascii('<?xm'))).toEqual({ text: '<?xm', encoding: 'utf-8' });
  });
});

describe('createFeedDecoder: the caller may reuse its buffer', () => {
  for (const format of ['xml', 'csv'] as const) {
    it(`${format}: nothing is kept by reference (sniffed start, split characters)`, () => {
      const input = format === 'xml' ? xmlFeed('windows-1251', CP1251_PRIVET, CP1251_MOSKVA) : ascii('id;product_category\n1;Ёлки-палки €\n2;x\n'.repeat(3));
      const expected = decodeAll(format, input).text;
      for (const size of [1, 3, 7, 64]) {
        const decoder = createFeedDecoder(format);
        const buffer = new Uint8Array(size);
        let text = '';
        for (let at = 0; at < input.length; at += size) {
          const part = input.subarray(at, at + size);
          buffer.set(part);
          text += decoder.decode(buffer.subarray(0, part.length));
          buffer.fill(0x21);
        }
        expect(text + decoder.end(), `${size}-byte buffer`).toBe(expected);
      }
    });
  }
});

describe('createFeedDecoder: CSV', () => {
  const header = 'id;state;product_category\n';
  it('reads UTF-8, BOM or not', () => {
    expect(decodeAll('csv', ascii(`${header}1;done;Ёлки\n`))).toEqual({ text: `${header}1;done;Ёлки\n`, encoding: 'utf-8' });
    expect(decodeAll('csv', bytes([0xef, 0xbb, 0xbf], `${header}1;done;é\n`), [1, 4])).toEqual({ text: `${header}1;done;é\n`, encoding: 'utf-8' });
  });

  it('reads a windows-1251 export (Cyrillic words: runs of high bytes)', () => {
    const input = bytes(header, '1;done;', CP1251_MOSKVA, '\n2;done;', CP1251_PRIVET, '\n');
    for (const cut of [0, 5, input.length - 3]) expect(decodeAll('csv', input, [cut])).toEqual({ text: `${header}1;done;Москва\n2;done;Привет\n`, encoding: 'windows-1251' });
  });

  it('reads a windows-1252 export (accents alone among Latin letters)', () => {
    const input = bytes(header, '1;done;', LATIN1_CREME, '\n2;done;', LATIN1_CAFE, '\n');
    expect(decodeAll('csv', input)).toEqual({ text: `${header}1;done;Crème brûlée\n2;done;café\n`, encoding: 'windows-1252' });
  });

  it(`judges on the first ${CSV_SNIFF_BYTES / 1024} KiB: valid UTF-8 there means UTF-8 for the whole feed`, () => {
    const decoder = createFeedDecoder('csv');
    const first = ascii(`${header}${'1;done;x\n'.repeat(8000)}`);
    expect(first.length).toBeGreaterThan(CSV_SNIFF_BYTES);
    expect(decoder.decode(first.subarray(0, 1000))).toBe('');
    expect(decoder.decode(first.subarray(1000)).length).toBe(first.length);
    expect(decoder.decode(Uint8Array.from(CP1251_PRIVET)) + decoder.end()).toBe('\ufffd'.repeat(6));
    expect(decoder.encoding).toBe('utf-8');
  });

  it('tells the two legacy encodings apart by how high bytes group', () => {
    expect(legacyEncoding(bytes('a;', CP1251_PRIVET, ';b'))).toBe('windows-1251');
    expect(legacyEncoding(bytes('a;', LATIN1_CAFE, ';', LATIN1_CREME))).toBe('windows-1252');
  });
});

describe('incompleteTail', () => {
  it('finds a UTF-8 sequence cut at the end, and only that', () => {
    const euro = [0xe2, 0x82, 0xac];
    const clef = [0xf0, 0x9d, 0x84, 0x9e];
    expect(incompleteTail(Uint8Array.from([0x61, ...euro]))).toBe(4);
    expect(incompleteTail(Uint8Array.from([0x61, 0xe2, 0x82]))).toBe(1);
    expect(incompleteTail(Uint8Array.from([0x61, 0xe2]))).toBe(1);
    expect(incompleteTail(Uint8Array.from([0x61, ...clef.slice(0, 3)]))).toBe(1);
    expect(incompleteTail(Uint8Array.from([0x61, ...clef]))).toBe(5);
    expect(incompleteTail(Uint8Array.from([0xd0]))).toBe(0);
    expect(incompleteTail(Uint8Array.from([0x80, 0x80, 0x80]))).toBe(3);
    expect(incompleteTail(new Uint8Array(0))).toBe(0);
  });
});

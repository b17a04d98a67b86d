import { describe, expect, it } from 'vitest';
import { listRows } from './keys';
import { prefixRange, queryAll } from './table';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();

/** UTF-8 byte order, DynamoDB's order of string keys. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The next character (code point + 1, over the surrogates). */
const next = (char: string) => String.fromCodePoint(char.codePointAt(0)! + (char.codePointAt(0) === 0xd7ff ? 0x801 : 1));
const previous = (char: string) => String.fromCodePoint(char.codePointAt(0)! - (char.codePointAt(0) === 0xe000 ? 0x801 : 1));

/**
 * Keys just inside and just outside "starts with `prefix`": the prefix itself, the prefix followed
 * by the low and high ends of each UTF-8 length (U+FFFD, U+FFFF, an emoji, U+10FFFE and the bound
 * U+10FFFF itself), and the neighbours on both sides (the last character one lower or higher, the
 * prefix cut short, and those followed by the highest characters).
 */
function around(prefix: string): string[] {
  const chars = [...prefix];
  const last = chars.pop()!;
  const head = chars.join('');
  const tails = ['\u0001', 'a', '~', '\u007f', '\u0080', 'я', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\ufffd', '\ufffe', '\uffff', '\u{10000}', '😀', '😀x', '\u{10fffe}', '\u{10fffe}\u{10fffe}', '\u{10ffff}'];
  const keys = [
    prefix,
    ...tails.map((tail) => `${prefix}${tail}`),
    head,
    `${head}${previous(last)}`,
    `${head}${previous(last)}\u{10ffff}`,
    `${head}${previous(last)}\uffff`,
    `${head}${next(last)}`,
    `${head}${next(last)}\u0001`,
    `${head}${last}${last}`,
    ...(head ? [] : ['~']),
  ];
  return [...new Set(keys)].filter((key) => key.length > 0);
}

const prefixes = {
  ascii: 'LIST#traffic#utmSource#shop\u0001',
  cyrillic: 'LIST#traffic#utmSource#магазин',
  'U+FFFD': 'LIST#traffic#utmSource#\ufffd',
  'U+FFFF': 'LIST#users#company#\uffff\u0001',
  emoji: 'LIST#traffic#utmSource#shop😀',
  'a lone character': 'z',
};

describe('prefixRange: "the sort key starts with" as a key range', () => {
  it.each(Object.entries(prefixes))('%s: the same items as begins_with, both ways, on keys just inside and outside', async (_, prefix) => {
    const pk = `RANGE#${uid()}`;
    const written = around(prefix);
    for (const sk of written) await table.put({ pk, sk });
    // DynamoDB Local orders the keys by their UTF-8 bytes, as DynamoDB does.
    expect((await table.partition(pk)).map((item) => item.sk)).toEqual([...written].sort(byBytes));

    for (const ScanIndexForward of [true, false]) {
      const reference = await queryAll({
        // eslint-disable-next-line no-restricted-syntax -- the condition the helper replaces, read here to compare
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ScanIndexForward,
      });
      const ranged = await queryAll({ ...prefixRange(pk, prefix), ScanIndexForward });
      const expected = written.filter((sk) => sk.startsWith(prefix)).sort(byBytes);
      if (!ScanIndexForward) expected.reverse();
      expect(reference.map((item) => item.sk)).toEqual(expected);
      expect(ranged.map((item) => item.sk)).toEqual(expected);
    }
  });

  it('a key holding U+10FFFF right after the prefix would fall outside: the key text drops it', async () => {
    const pk = `RANGE#${uid()}`;
    const prefix = 'LIST#users#company#';
    await table.put({ pk, sk: `${prefix}\u{10ffff}x` });
    expect(await queryAll(prefixRange(pk, prefix))).toEqual([]);

    const row = listRows.row('users', 'company', '\u{10ffff}Acme\u{10ffff}', 'id-1');
    expect(row.sk).toBe('acme\u0001id-1');
    // Cut to fit a sort key between the halves of an emoji: the lone half goes too.
    expect(listRows.row('users', 'company', `${'a'.repeat(199)}😀`, 'id-2').sk).toBe(`${'a'.repeat(199)}\u0001id-2`);
  });
});

import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { placeholders } from '../../test/icu';
import { createCsvParser } from 'shared/feed/csv-parser';
import { createFeedDecoder } from 'shared/feed/decode';
import { parseChunks } from 'shared/feed/parse/outcome';
import { FEED_ERROR_KEYS, FEED_ERROR_VALUES, FeedParseError, type FeedErrorKey, type RecordParserFactory } from 'shared/feed/types';
import { createXmlParser } from 'shared/feed/xml-parser';
import { failureDetail } from './feed-model';
import { en } from './messages/en';
import { fr } from './messages/fr';
import { ru } from './messages/ru';


const catalogues = { en, fr, ru } as const;
const text = (locale: keyof typeof catalogues, key: string) => (catalogues[locale] as Record<string, string>)[`feedError.${key}`];

/** One input per refusal the engine says (the bounds that need megabytes are left to the parser tests). */
const XML = (s: string, kind: 'order' | 'lead' = 'order') => ({ factory: createXmlParser, input: s, kind });
const CSV = (s: string) => ({ factory: createCsvParser, input: s, kind: 'order' as const });
const INPUTS: Partial<Record<FeedErrorKey, { factory: RecordParserFactory; input: string; kind: 'order' | 'lead' }>> = {
  empty: XML('  \n '),
  binary: XML('\u0000\u0001\u0002 not text'),
  endsInsideTag: XML('<orders><order'),
  endsInsideClosingTag: XML('<orders><order></order'),
  endsInsideComment: XML('<orders><!-- never closed'),
  endsInsideCdata: XML('<orders><order><id><![CDATA[1'),
  endsInsideProcessingInstruction: XML('<orders><?pi never'),
  endsInsideDeclaration: XML('<orders><!x'),
  endsInsideElement: XML('<orders>\n<order>\n<id>1</id>\n<products><product><id>'),
  endsInsideQuotedField: CSV('id;price\n"1;2\n'),
  noRoot: XML('<!-- nothing -->'),
  tooDeep: XML(`<orders>${'<x>'.repeat(40)}`),
  controlCharacter: XML('<orders>\u0007</orders>'),
  doctype: XML('<!DOCTYPE orders><orders/>'),
  unknownDeclaration: XML('<orders><!ELEPHANT x></orders>'),
  textOutsideRoot: XML('hello<orders/>'),
  secondRoot: XML('<orders></orders><orders>'),
  wrongRootOrders: XML('<feed/>'),
  wrongRootLeads: XML('<orders/>', 'lead'),
  tagTooLong: XML(`<orders><order a="${'x'.repeat(1024 * 1024)}"></order></orders>`),
  ampersandWithoutEntity: XML('<orders><order><id>a & b</id></order></orders>'),
  unknownEntity: XML('<orders><order><id>&nbsp;</id></order></orders>'),
  invalidCharacterReference: XML('<orders><order><id>&#0;</id></order></orders>'),
  lessThanNotTag: XML('<orders>< order</orders>'),
  unexpectedCharacterInTag: XML('<orders><order%></order></orders>'),
  unexpectedSlashInTag: XML('<orders><order / x></order></orders>'),
  malformedAttribute: XML('<orders><order ="1"></order></orders>'),
  attributeWithoutValue: XML('<orders><order a></order></orders>'),
  attributeWithoutQuotes: XML('<orders><order a=1></order></orders>'),
  lessThanInAttribute: XML('<orders><order a="<"></order></orders>'),
  attributesNotSeparated: XML('<orders><order a="1"b="2"></order></orders>'),
  closingTagWithoutOpening: XML('</orders>'),
  mismatchedClosingTag: XML('<orders><order></orders>'),
  cdataOutsideRoot: XML('<![CDATA[x]]><orders/>'),
  processingInstructionWithoutTarget: XML('<orders><? x?></orders>'),
  csvTextAfterQuote: CSV('id;price\n"1"x;2\n'),
  csvNoIdColumn: CSV('price;state\n1;done\n'),
  csvNoColumns: CSV(';;\n1;2\n'),
};

/** The engine writes numbers without grouping; the catalogues format them for the reader ("1,048,576"). */
const ungrouped = (s: string) => s.replace(/(\d),(?=\d{3})/g, '$1');

describe('feed engine refusals in the catalogues', () => {
  it('every FeedErrorKey has an English, French and Russian text with exactly its values as placeholders', () => {
    for (const key of FEED_ERROR_KEYS) {
      const expected = [...FEED_ERROR_VALUES[key]].sort();
      for (const locale of ['en', 'fr', 'ru'] as const) {
        const message = text(locale, key);
        expect({ key, locale, defined: typeof message === 'string' && message.trim() !== '' }).toEqual({ key, locale, defined: true });
        expect({ key, locale, placeholders: placeholders(message!) }).toEqual({ key, locale, placeholders: expected });
      }
    }
    // And no text for a key the engine does not have (the line prefix aside).
    const ids = Object.keys(en).filter((id) => id.startsWith('feedError.')).map((id) => id.slice('feedError.'.length));
    expect(ids.filter((id) => id !== 'line' && !(FEED_ERROR_KEYS as string[]).includes(id))).toEqual([]);
  });

  it.each(Object.entries(INPUTS))('%s: the English text is the engine message, and French and Russian say it', (key, { factory, input, kind }) => {
    const outcome = parseChunks(factory, [input], kind);
    if (!('error' in outcome)) throw new Error(`${key}: expected a refusal`);
    const { detail, message, line } = outcome.error;
    expect(detail?.key).toBe(key);
    const values = detail?.values ?? {};
    const english = new IntlMessageFormat(text('en', key)!, 'en').format(values) as string;
    expect(ungrouped(english)).toBe(line ? message.replace(`line ${line}: `, '') : message);
    for (const locale of ['fr', 'ru'] as const) {
      const translated = new IntlMessageFormat(text(locale, key)!, locale).format(values) as string;
      expect(translated).not.toBe(english);
      for (const value of Object.values(values)) if (typeof value === 'string') expect(translated).toContain(value);
    }
  });

  it('the encoding refusals too', () => {
    for (const [label, key] of [['x-unknown', 'encodingUnreadable'], ['UTF-16', 'encodingNotUtf16']] as const) {
      let refusal: FeedParseError | undefined;
      try {
        const decoder = createFeedDecoder('xml');
        decoder.decode(new TextEncoder().encode(`<?xml version="1.0" encoding="${label}"?><orders/>`));
        decoder.end();
      } catch (error) {
        refusal = error as FeedParseError;
      }
      expect(refusal?.detail).toEqual({ key, values: { label } });
      expect(new IntlMessageFormat(text('en', key)!, 'en').format(refusal!.detail!.values)).toBe(refusal!.message.replace('line 1: ', ''));
    }
  });

  it('failureDetail: the catalogue id of a known key; nothing for a missing or unknown one', () => {
    expect(failureDetail({ detail: { key: 'controlCharacter', values: { hex: '0007' } } })).toEqual({ id: 'feedError.controlCharacter', values: { hex: '0007' } });
    expect(failureDetail({})).toBeNull();
    expect(failureDetail({ detail: { key: 'fromANewerServer' as FeedErrorKey } })).toBeNull();
    expect(failureDetail(null)).toBeNull();
  });
});

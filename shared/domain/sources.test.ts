import { describe, expect, it } from 'vitest';
import { businessModelsFor, copyName, defaultBusinessModel, sourceNamed, sourceNameKey, sourcesCsv, sourcesCsvFileName, type SourceFields } from './sources';

const source = (over: Partial<SourceFields> = {}): SourceFields => ({
  name: 'Google Ads',
  channel: 'Paid Search',
  businessModel: 'CPC',
  deduplication: 'Last Paid Click',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: '',
  agency: 'Agence "Bleu"',
  ...over,
});

describe('sources CSV export', () => {
  it('matches the spec byte for byte: BOM, header, semicolons, every value quoted, quotes doubled, CRLF', () => {
    const text = sourcesCsv([source(), source({ name: 'Criteo', channel: 'Retargeting', businessModel: 'CPO', deduplication: 'Post Click', utmSource: 'criteo', utmMedium: 'display', agency: '' })]);
    expect(text).toBe(
      '\uFEFFsource;acquisitionchannel;businessmodel;deduplication;utm_source;utm_medium;utm_campaign;agency\r\n' +
        '"Google Ads";"Paid Search";"CPC";"Last Paid Click";"google";"cpc";"";"Agence ""Bleu"""\r\n' +
        '"Criteo";"Retargeting";"CPO";"Post Click";"criteo";"display";"";""\r\n',
    );
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('leaves out id and company even when the objects carry them', () => {
    const withExtras = { ...source(), id: '8d3c1d0e-0000-4000-8000-000000000000', company: 'Acme', version: 3 };
    const text = sourcesCsv([withExtras]);
    expect(text).not.toContain('8d3c1d0e');
    expect(text).not.toContain('Acme');
    expect(text.split('\r\n')[1]!.split(';')).toHaveLength(8);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const text = sourcesCsv([source({ name: '@evil', channel: '-1+1', agency: '+33 1 23' })]);
    expect(text).toContain('"\'@evil";"\'-1+1"');
    expect(text).toContain('"\'+33 1 23"\r\n');
  });

  it('keeps Cyrillic and accents as UTF-8 and a header-only file for no source', () => {
    expect(sourcesCsv([source({ name: 'Яндекс Директ', agency: 'Société' })])).toContain('"Яндекс Директ"');
    expect(sourcesCsv([])).toBe('\uFEFFsource;acquisitionchannel;businessmodel;deduplication;utm_source;utm_medium;utm_campaign;agency\r\n');
  });

  it("names the file '<company name> - Sources.csv'", () => {
    expect(sourcesCsvFileName('Acme')).toBe('Acme - Sources.csv');
    expect(sourcesCsvFileName('A/B: "C"')).toBe('A_B_ _C_ - Sources.csv');
  });
});

describe('business models per product', () => {
  it('offers affiliates only CPO (default) and Special, the others all five with CPC by default', () => {
    expect(businessModelsFor('affiliate')).toEqual(['CPO', 'Special']);
    expect(defaultBusinessModel('affiliate')).toBe('CPO');
    expect(businessModelsFor('360')).toEqual(['CPC', 'CPO', 'CPM', 'Free', 'Special']);
    expect(defaultBusinessModel('lead')).toBe('CPC');
  });
});

describe('source names', () => {
  const sources = [{ id: 'a', name: 'Google Ads' }, { id: 'b', name: 'Copy of Awin' }];
  it('are one name whatever the case and surrounding spaces', () => {
    expect(sourceNameKey('  Google ADS ')).toBe('google ads');
    expect(sourceNamed(sources, ' google ads ')?.id).toBe('a');
    expect(sourceNamed(sources, 'Google Ads', 'a')).toBeUndefined(); // its own name
    expect(sourceNamed(sources, '   ')).toBeUndefined();
  });
  it('copies under a free name, within the length limit', () => {
    expect(copyName('Meta', sources, 120)).toBe('Copy of Meta');
    expect(copyName('awin', sources, 120)).toBe('Copy of awin (2)');
    expect(copyName('awin', [...sources, { id: 'c', name: 'copy of AWIN (2)' }], 120)).toBe('Copy of awin (3)');
    const long = 'x'.repeat(120);
    expect(copyName(long, [{ id: 'd', name: `Copy of ${long}`.slice(0, 120) }], 120)).toBe(`${`Copy of ${long}`.slice(0, 116)} (2)`);
  });
});

describe('sources at the edges (mutation testing found these unchecked)', () => {
  it('names the CSV without control characters or outer spaces', () => {
    expect(sourcesCsvFileName('Acme\tLtd\n')).toBe('Acme_Ltd_ - Sources.csv');
    expect(sourcesCsvFileName('  Acme  ')).toBe('Acme - Sources.csv');
  });

  it('never matches a blank name, even with a stored blank one', () => {
    expect(sourceNamed([{ id: 'x', name: ' ' }], '')).toBeUndefined();
  });
});

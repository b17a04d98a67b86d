import { describe, expect, it } from 'vitest';
import { searchText } from './search-text';

describe('searchText', () => {
  it('drops case and accents, in every script the portal speaks', () => {
    expect(searchText('Société Générale')).toBe('societe generale');
    expect(searchText('ÁCME')).toBe('acme');
    expect(searchText('Ёлка Й')).toBe('елка и');
    expect(searchText('customer@acme.test')).toBe('customer@acme.test');
  });
});

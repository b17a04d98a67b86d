import { describe, expect, it } from 'vitest';
import type { DefaultCollector } from '../../../shared/domain/types';
import { sortDefaultCollectors } from './default-collectors';

const make = (name: string, type: DefaultCollector['type']): DefaultCollector => ({ id: name, name, type, accessEmail: '', comment: '', version: 1 });

describe('sortDefaultCollectors', () => {
  it('orders by type descending (Other first), then by name', () => {
    const sorted = sortDefaultCollectors([make('b', 'Affiliate'), make('Zed', 'Other'), make('a', 'Affiliate'), make('alpha', 'Other')]);
    expect(sorted.map((c) => c.name)).toEqual(['alpha', 'Zed', 'a', 'b']);
  });
});

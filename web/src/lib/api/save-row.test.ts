import { describe, expect, it, vi } from 'vitest';
import type { KeyedMutator } from 'swr';
import { saveRowOptimistically } from './use-route';

type Row = { id: string; name: string; version: number };

/** A stand-in for SWR's bound mutate: keeps the list, records what was shown, counts re-reads. */
function list(initial: Row[]) {
  let data = initial;
  const shown: string[][] = [];
  const reread = vi.fn();
  const mutate = (async (next?: unknown) => {
    if (next === undefined) return reread();
    data = typeof next === 'function' ? (next as (rows: Row[]) => Row[])(data) : (next as Row[]);
    shown.push(data.map((row) => row.name));
    return data;
  }) as KeyedMutator<Row[]>;
  return { mutate, shown, reread, data: () => data };
}

describe('saveRowOptimistically', () => {
  const rows: Row[] = [
    { id: 'a', name: 'A', version: 1 },
    { id: 'b', name: 'B', version: 4 },
  ];

  it('shows the edit at once, then the server’s row', async () => {
    const l = list(rows);
    const outcome = await saveRowOptimistically(l.mutate, rows, { ...rows[1]!, name: 'B2' }, async () => ({ id: 'b', name: 'B2 saved', version: 5 }));
    expect(outcome).toEqual({ ok: true, saved: { id: 'b', name: 'B2 saved', version: 5 } });
    expect(l.shown).toEqual([['A', 'B2'], ['A', 'B2 saved']]);
    expect(l.reread).not.toHaveBeenCalled();
  });

  it('puts the row back as it was and reads the list again when the save fails', async () => {
    const l = list(rows);
    const conflict = new Error('409');
    const outcome = await saveRowOptimistically(l.mutate, rows, { ...rows[0]!, name: 'A2' }, async () => {
      throw conflict;
    });
    expect(outcome).toEqual({ ok: false, failure: conflict });
    expect(l.shown).toEqual([['A2', 'B'], ['A', 'B']]);
    expect(l.data()).toEqual(rows);
    expect(l.reread).toHaveBeenCalledTimes(1);
  });
});

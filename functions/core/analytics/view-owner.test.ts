import { describe, expect, it, vi } from 'vitest';
import { ViewIdTakenError } from '../../data/companies';
import { ValidationError } from '../../platform/errors';
import { ensureOwnView, storingViewId } from './view-owner';

describe('whose View ID it is', () => {
  const company = { id: 'c1', viewId: '123456' };

  it('a company\'s own stored View ID is its own, without asking', async () => {
    const owners = vi.fn(async () => ['c2']);
    await ensureOwnView(company, '123456', owners);
    expect(owners).not.toHaveBeenCalled();
  });

  it('another View ID is refused on the request\'s field when another company holds it', async () => {
    const refusal = await ensureOwnView(company, '999999', async () => ['c1', 'c2']).catch((error: unknown) => error);
    expect(refusal).toEqual(new ValidationError({ view_id: 'validation.analytics.viewIdTaken' }, 'This View ID is stored for another company'));
    expect((refusal as ValidationError).message).toBe('This View ID is stored for another company');
  });

  it('a View ID nobody holds, or only this company, may be checked', async () => {
    const owners = vi.fn(async (_viewId: string) => [] as string[]);
    await expect(ensureOwnView(company, '999999', owners)).resolves.toBeUndefined();
    expect(owners).toHaveBeenCalledWith('999999');
    await expect(ensureOwnView({ id: 'c1', viewId: null }, '999999', async () => ['c1'])).resolves.toBeUndefined();
  });

  it('a write the data layer refuses for a taken View ID answers 400 on the given field; other errors pass', async () => {
    await expect(storingViewId('viewId', async () => Promise.reject(new ViewIdTakenError()))).rejects.toEqual(new ValidationError({ viewId: 'validation.analytics.viewIdTaken' }, 'This View ID is stored for another company'));
    const outage = new Error('DynamoDB down');
    await expect(storingViewId('view_id', async () => Promise.reject(outage))).rejects.toBe(outage);
    expect(await storingViewId('view_id', async () => 'stored')).toBe('stored');
  });
});

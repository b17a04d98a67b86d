import { describe, expect, it } from 'vitest';
import { companyCreateSchema, companyEditFormSchema, companyEditPageSchema, companyUpdateCurrentSchema, companyUpdateSchema } from './companies';
import { errorsOf } from './testing/errors';

describe('company schemas', () => {
  it.each([
    [{ viewId: '123456' }, null],
    [{ dimensionIndex: '3' }, null],
    [{ viewId: '123456', dimensionIndex: '3', version: 2 }, null],
    [{ viewId: null, dimensionIndex: '3' }, null],
    [{}, { '': 'validation.company.viewIdOrDimension' }],
    [{ version: 2 }, { '': 'validation.company.viewIdOrDimension' }],
    [{ viewId: null, dimensionIndex: null }, { '': 'validation.company.viewIdOrDimension' }],
    [{ viewId: '12a' }, { viewId: 'validation.analytics.viewIdNumeric' }],
    [{ dimensionIndex: '1'.repeat(21) }, { dimensionIndex: 'validation.analytics.dimensionNumeric' }],
  ])('the legacy update of the current company %j: %j', (body, errors) => {
    expect(errorsOf(companyUpdateCurrentSchema, body)).toEqual(errors ?? {});
  });

  it('a create has the spec\'s defaults, and needs a name and a step', () => {
    expect(companyCreateSchema.validateSync({ name: ' Acme ', integrationSteps: ['sources'] })).toMatchObject({ name: 'Acme', product: '360', country: 'RU' });
    expect(errorsOf(companyCreateSchema, { name: 'n'.repeat(129), integrationSteps: [], product: 'crm', country: 'US' })).toEqual({
      name: 'validation.company.nameTooLong',
      integrationSteps: 'validation.company.noSteps',
      product: 'validation.invalid',
      country: 'validation.invalid',
    });
    expect(errorsOf(companyCreateSchema, { name: 'n'.repeat(128), integrationSteps: ['sources', 'fax'] })).toEqual({ 'integrationSteps[1]': 'validation.invalid' });
  });

  it('an edit sends only what changed, with the version read', () => {
    expect(errorsOf(companyUpdateSchema, { version: 3 })).toEqual({});
    expect(errorsOf(companyUpdateSchema, { version: 3, integrationSteps: [] })).toEqual({ integrationSteps: 'validation.company.noSteps' });
    expect(errorsOf(companyUpdateSchema, { name: 'x' })).toEqual({ version: 'validation.required' });
    expect(errorsOf(companyEditFormSchema, { name: '', product: '360', country: ' ' })).toEqual({ name: 'validation.required', country: 'validation.required' });
  });

  it.each([
    [1, null],
    [20, null],
    [100, null],
    [0, 'validation.company.matchThreshold'],
    [101, 'validation.company.matchThreshold'],
    [12.5, 'validation.company.matchThreshold'],
    ['20', 'validation.company.matchThreshold'],
    ['', 'validation.company.matchThreshold'],
    [null, 'validation.company.matchThreshold'],
  ])('the match threshold %j: %j', (matchThreshold, error) => {
    const expected = error ? { matchThreshold: error } : {};
    expect(errorsOf(companyUpdateSchema, { version: 3, matchThreshold })).toEqual(expected);
    expect(errorsOf(companyEditPageSchema, { name: 'Acme', product: '360', country: 'FR', matchThreshold, volumeDropThreshold: 50 })).toEqual(expected);
  });

  it.each([
    [1, null],
    [50, null],
    [100, null],
    [0, 'validation.company.volumeDropThreshold'],
    [101, 'validation.company.volumeDropThreshold'],
    [33.3, 'validation.company.volumeDropThreshold'],
    ['50', 'validation.company.volumeDropThreshold'],
    [null, 'validation.company.volumeDropThreshold'],
  ])('the volume drop threshold %j: %j', (volumeDropThreshold, error) => {
    const expected = error ? { volumeDropThreshold: error } : {};
    expect(errorsOf(companyUpdateSchema, { version: 3, volumeDropThreshold })).toEqual(expected);
    expect(errorsOf(companyEditPageSchema, { name: 'Acme', product: '360', country: 'FR', matchThreshold: 20, volumeDropThreshold })).toEqual(expected);
  });

  it('the thresholds are the edit page\'s to set, never the customer\'s legacy update', () => {
    expect(errorsOf(companyEditPageSchema, { name: 'Acme', product: '360', country: 'FR' })).toEqual({
      matchThreshold: 'validation.company.matchThreshold',
      volumeDropThreshold: 'validation.company.volumeDropThreshold',
    });
    const legacy = companyUpdateCurrentSchema.validateSync({ viewId: '123456', matchThreshold: 50, volumeDropThreshold: 50 }, { stripUnknown: true });
    expect(legacy).not.toHaveProperty('matchThreshold');
    expect(legacy).not.toHaveProperty('volumeDropThreshold');
  });
});

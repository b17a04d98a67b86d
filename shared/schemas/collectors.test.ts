import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { collectorCreateSchema, collectorUpdateSchema } from './collectors';

const errorsOf = async (run: () => Promise<unknown>): Promise<Record<string, string>> => {
  try {
    await run();
    return {};
  } catch (error) {
    const invalid = error as ValidationError;
    return Object.fromEntries(invalid.inner.map((item) => [item.path, item.message]));
  }
};

describe('collector schemas', () => {
  it('needs a source and a valid access e-mail; statuses default to No', async () => {
    const value = await collectorCreateSchema.validate({ source: ' Criteo ', accessEmail: 'a@b.co' });
    expect(value).toEqual({ source: 'Criteo', accessEmail: 'a@b.co', comment: '', commentStatus: '', configStatus: 'No', collectStatus: 'No' });
    expect(await errorsOf(() => collectorCreateSchema.validate({ source: ' ', accessEmail: '' }, { abortEarly: false }))).toEqual({
      source: 'validation.required',
      accessEmail: 'validation.required',
    });
    expect(await errorsOf(() => collectorCreateSchema.validate({ source: 'x', accessEmail: 'not-an-email' }, { abortEarly: false }))).toEqual({
      accessEmail: 'validation.collector.email',
    });
  });

  it('bounds the texts and allows only the three statuses', async () => {
    const errors = await errorsOf(() =>
      collectorUpdateSchema.validate(
        { version: 1, source: 's'.repeat(121), accessEmail: 'a@b.co', comment: 'c'.repeat(2001), configStatus: 'Maybe', collectStatus: 'Yes' },
        { abortEarly: false },
      ),
    );
    expect(errors).toEqual({
      source: 'validation.collector.sourceTooLong',
      comment: 'validation.collector.commentTooLong',
      configStatus: 'validation.collector.status',
    });
    expect(await errorsOf(() => collectorUpdateSchema.validate({ source: 's', accessEmail: 'a@b.co' }, { abortEarly: false }))).toEqual({
      version: 'validation.required',
    });
  });
});

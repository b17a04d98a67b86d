import { describe, expect, it } from 'vitest';
import { defaultCollectorCreateSchema, formatCollectorComment, isCollectorCommentText, parseCollectorComment } from './default-collectors';
import { errorsOf } from './testing/errors';

describe('default collector comment', () => {
  it('reads and writes the JSON text of the three languages', () => {
    const text = formatCollectorComment({ en: 'Hi', fr: 'Salut' });
    expect(JSON.parse(text)).toEqual({ en: 'Hi', ru: '', fr: 'Salut' });
    expect(parseCollectorComment(text)).toEqual({ en: 'Hi', ru: '', fr: 'Salut' });
    expect(parseCollectorComment('not json')).toEqual({ en: '', ru: '', fr: '' });
    expect(isCollectorCommentText('{"en":"a","de":"b"}')).toBe(false);
    expect(isCollectorCommentText('[]')).toBe(false);
  });

  it('requires name and type on create', () => {
    expect(defaultCollectorCreateSchema.isValidSync({ id: '6f1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Criteo', type: 'Other' })).toBe(true);
    expect(defaultCollectorCreateSchema.isValidSync({ id: '6f1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', name: '', type: 'Other' })).toBe(false);
    expect(defaultCollectorCreateSchema.isValidSync({ id: '6f1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Criteo' })).toBe(false);
  });

  it('takes an empty comment as no comment, as when it is left out; other text must be the three languages', () => {
    const base = { id: '6f1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Criteo', type: 'Other' };
    const none = formatCollectorComment({});
    expect(defaultCollectorCreateSchema.validateSync({ ...base, comment: '' }).comment).toBe(none);
    expect(defaultCollectorCreateSchema.validateSync(base).comment).toBe(none);
    expect(defaultCollectorCreateSchema.isValidSync({ ...base, comment: 'free text' })).toBe(false);
  });
});

describe('default collector comment text at its edges', () => {
  it.each([
    ['{"en":"a","ru":"б","fr":"à"}', true],
    ['{}', true],
    [JSON.stringify({ en: 'c'.repeat(2000) }), true],
    [JSON.stringify({ en: 'c'.repeat(2001) }), false],
    ['{"en":5}', false],
    ['{"en":null}', false],
    ['{"de":"b"}', false],
    ['null', false],
    ['5', false],
    ['"en"', false],
    ['true', false],
    ['[]', false],
    ['not json', false],
  ])('%s: %s', (text, ok) => {
    expect(isCollectorCommentText(text)).toBe(ok);
  });

  it('reads only strings of the three languages, anything else as no comment', () => {
    expect(parseCollectorComment('{"en":5,"ru":"Привет","de":"Hallo"}')).toEqual({ en: '', ru: 'Привет', fr: '' });
    for (const text of ['null', '5', '"en"', '["a"]', '', null, undefined]) expect(parseCollectorComment(text), String(text)).toEqual({ en: '', ru: '', fr: '' });
  });

  it('checks the access e-mail when one is given', () => {
    const base = { id: '6f1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Criteo', type: 'Other' };
    expect(errorsOf(defaultCollectorCreateSchema, { ...base, accessEmail: 'ads@criteo.com' })).toEqual({});
    expect(errorsOf(defaultCollectorCreateSchema, { ...base, accessEmail: '' })).toEqual({});
    expect(errorsOf(defaultCollectorCreateSchema, { ...base, accessEmail: 'criteo' })).toEqual({ accessEmail: 'validation.defaultCollector.email' });
    expect(errorsOf(defaultCollectorCreateSchema, { ...base, comment: '{"en":5}' })).toEqual({ comment: 'validation.defaultCollector.comment' });
  });
});

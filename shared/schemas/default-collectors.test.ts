import { describe, expect, it } from 'vitest';
import { defaultCollectorCreateSchema, formatCollectorComment, isCollectorCommentText, parseCollectorComment } from './default-collectors';

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

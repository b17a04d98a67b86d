import { describe, expect, it } from 'vitest';
import { COLLECTOR_PLATFORMS } from '../shared/domain/collector-platforms';
import { defaultCollectorCreateSchema, parseCollectorComment } from '../shared/schemas/default-collectors';
import { defaultCollectorOf } from './seed-default-collectors';

describe('default collector seed', () => {
  it('stores every platform as a row the default-collector create schema accepts unchanged', () => {
    for (const platform of COLLECTOR_PLATFORMS) {
      const row = defaultCollectorOf(platform);
      expect(defaultCollectorCreateSchema.validateSync(row, { abortEarly: false }), platform.name).toEqual(row);
      expect(parseCollectorComment(row.comment)).toEqual({ en: platform.access.en, ru: platform.access.ru, fr: platform.access.fr });
    }
  });
});

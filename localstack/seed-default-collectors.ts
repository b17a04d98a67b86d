import { createDefaultCollector, getDefaultCollector } from '../functions/data/default-collectors';
import { COLLECTOR_PLATFORMS, type CollectorPlatform } from '../shared/domain/collector-platforms';
import { formatCollectorComment } from '../shared/schemas/default-collectors';

/** A platform of the list as the default collector the seed stores (the comment is the spec's `{ en, ru, fr }` JSON). */
export const defaultCollectorOf = ({ id, name, accessEmail, type, access }: CollectorPlatform) => ({
  id,
  name,
  accessEmail,
  type,
  comment: formatCollectorComment(access),
});

/**
 * The default collectors (the admin page and every customer's collector suggestions): the cost
 * platforms of shared/domain/collector-platforms.ts under their fixed ids, so a second seed run
 * keeps what an administrator changed or deleted-and-recreated meanwhile and adds only what is new.
 */
export async function ensureDefaultCollectors(): Promise<void> {
  for (const platform of COLLECTOR_PLATFORMS) {
    const { id, ...fields } = defaultCollectorOf(platform);
    if (!(await getDefaultCollector(id))) await createDefaultCollector(id, fields);
  }
}

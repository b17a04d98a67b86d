import type { DefaultCollector, DefaultCollectorsPage } from '../../../shared/domain/types';
import { defaultCollectorsListQuerySchema, LIST_PAGE_SIZE } from '../../../shared/schemas/lists';
import type {
  DefaultCollectorCreateRequest,
  DefaultCollectorDeleteRequest,
  DefaultCollectorUpdateRequest,
} from '../../../shared/schemas/default-collectors';
import {
  createDefaultCollector,
  defaultCollectorsPage,
  deleteDefaultCollector,
  updateDefaultCollector,
  type DefaultCollectorFields,
} from '../../data/default-collectors';
import { validQuery } from '../../platform/query';

/**
 * Use cases of the default collectors calls. The list is the same for everyone signed in (the
 * collector page of every company suggests them); the handlers' routes let only admins write.
 */

export interface DefaultCollectorDeps {
  page: typeof defaultCollectorsPage;
  create: typeof createDefaultCollector;
  update: typeof updateDefaultCollector;
  remove: typeof deleteDefaultCollector;
}

const defaults: DefaultCollectorDeps = { page: defaultCollectorsPage, create: createDefaultCollector, update: updateDefaultCollector, remove: deleteDefaultCollector };

/**
 * GET /api/default-collectors: one page (a picker asks for a few) in the order asked, searched over
 * name, access e-mail and comments. Spec's default order: by type descending (Other before
 * Affiliate), then by name; a type order keeps the names ascending in both directions.
 */
export async function getDefaultCollectors(query: Record<string, string> = {}, deps: DefaultCollectorDeps = defaults): Promise<DefaultCollectorsPage> {
  const params = validQuery(defaultCollectorsListQuerySchema, query);
  const sort = params.sort ?? 'type';
  const dir: 'asc' | 'desc' = params.dir === 'asc' || params.dir === 'desc' ? params.dir : sort === 'type' ? 'desc' : 'asc';
  const order = sort === 'type' ? { sort: dir === 'desc' ? ('typeDesc' as const) : ('type' as const), dir: 'asc' as const } : { sort, dir };
  const page = await deps.page({ ...order, search: params.q }, params.cursor || null, params.limit ?? LIST_PAGE_SIZE);
  return { collectors: page.collectors.map(toDefaultCollector), next: page.next };
}

/** The API shape: no storage fields. */
const toDefaultCollector = ({ id, name, accessEmail, type, comment, version }: DefaultCollector): DefaultCollector => ({ id, name, accessEmail, type, comment, version });

const fieldsOf = (input: DefaultCollectorCreateRequest | DefaultCollectorUpdateRequest): DefaultCollectorFields => ({
  name: input.name,
  accessEmail: input.accessEmail ?? '',
  type: input.type,
  comment: input.comment ?? '',
});

export const addDefaultCollector = (input: DefaultCollectorCreateRequest, deps: DefaultCollectorDeps = defaults): Promise<DefaultCollector> =>
  deps.create(input.id, fieldsOf(input));

export const changeDefaultCollector = (id: string, input: DefaultCollectorUpdateRequest, deps: DefaultCollectorDeps = defaults): Promise<DefaultCollector> =>
  deps.update(id, input.version, fieldsOf(input));

export async function removeDefaultCollector(id: string, input: DefaultCollectorDeleteRequest, deps: DefaultCollectorDeps = defaults): Promise<{ id: string }> {
  await deps.remove(id, input.version);
  return { id: id.toLowerCase() };
}

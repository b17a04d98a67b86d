import type { DefaultCollector } from '../../../shared/domain/types';
import type {
  DefaultCollectorCreateRequest,
  DefaultCollectorDeleteRequest,
  DefaultCollectorUpdateRequest,
} from '../../../shared/schemas/default-collectors';
import {
  createDefaultCollector,
  deleteDefaultCollector,
  listDefaultCollectors,
  updateDefaultCollector,
  type DefaultCollectorFields,
} from '../../data/default-collectors';

/**
 * Use cases of the default collectors calls. The list is the same for everyone signed in (the
 * collector page of every company suggests them); the handlers' routes let only admins write.
 */

/** Spec's default order: by type descending (Other before Affiliate), then by name. */
export function sortDefaultCollectors(collectors: DefaultCollector[]): DefaultCollector[] {
  return [...collectors].sort(
    (a, b) => b.type.localeCompare(a.type) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );
}

export interface DefaultCollectorDeps {
  list: typeof listDefaultCollectors;
  create: typeof createDefaultCollector;
  update: typeof updateDefaultCollector;
  remove: typeof deleteDefaultCollector;
}

const defaults: DefaultCollectorDeps = { list: listDefaultCollectors, create: createDefaultCollector, update: updateDefaultCollector, remove: deleteDefaultCollector };

export async function getDefaultCollectors(deps: DefaultCollectorDeps = defaults): Promise<DefaultCollector[]> {
  return sortDefaultCollectors(await deps.list());
}

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

/**
 * The longest search a list takes (the spec's 128 characters): the search boxes stop there and the
 * server refuses more (shared/schemas/lists.ts). Here, not in a schema module, so the app's first
 * load does not bring yup with it.
 */
export const SEARCH_MAX_LENGTH = 128;

/**
 * THE comparison of every search of the portal, in the browser's lists and in the server's paged
 * lists (functions/data/list-rows.ts): case and accents ignored, so a French administrator typing
 * "societe" finds "Société Générale" wherever the search runs. Both the searched text and the query
 * go through `searchText`.
 */
export const searchText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

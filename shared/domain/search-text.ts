/**
 * THE comparison of every search of the portal, in the browser's lists and in the server's paged
 * lists (functions/data/list-rows.ts): case and accents ignored, so a French administrator typing
 * "societe" finds "Société Générale" wherever the search runs. Both the searched text and the query
 * go through `searchText`.
 */
export const searchText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

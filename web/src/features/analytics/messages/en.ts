/**
 * Google Analytics verification area (/analytics, /analytics/access, /analytics/custom-dimension): English, the reference for this area's ids. Loaded with the area's lazy chunk
 * (web/src/i18n/area.tsx); fr.ts and ru.ts hold exactly the same ids (catalogues.test.ts).
 */
export const en = {
} as const;

type Ids = typeof en;
declare module '../../../i18n/messages/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessageIds extends Ids {}
}

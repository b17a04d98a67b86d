/** The portal's own stand-in (web/public/widget-tag.js): records page views, sends nothing. */
export const LOCAL_WIDGET_TAG = '/widget-tag.js';

/**
 * The spec loads one widget tracking tag at startup. Its vendor and id are deployment settings,
 * so the tag comes from VITE_WIDGET_SCRIPT_URL at build time; unset (local runs), the portal's own
 * stand-in is loaded, so the screen is complete on `npm start`. One async script is added once.
 * Only https URLs and the portal's own paths are accepted.
 */
export function loadWidgetTag(url: string | undefined, doc: Document = document): HTMLScriptElement | null {
  if (!url || !(/^https:\/\//.test(url) || /^\/[\w-]/.test(url))) return null;
  if (doc.querySelector('script[data-widget-tag]')) return null;
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.widgetTag = '';
  doc.head.appendChild(script);
  return script;
}

/**
 * The spec loads one widget tracking tag at startup. Its vendor and id are deployment settings,
 * so the tag comes from VITE_WIDGET_SCRIPT_URL at build time: unset (local runs, tests), nothing
 * is loaded; set, one async script is added once. Only https URLs are accepted.
 */
export function loadWidgetTag(url: string | undefined, doc: Document = document): HTMLScriptElement | null {
  if (!url || !/^https:\/\//.test(url)) return null;
  if (doc.querySelector('script[data-widget-tag]')) return null;
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.widgetTag = '';
  doc.head.appendChild(script);
  return script;
}

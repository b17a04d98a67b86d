/*
 * The local stand-in for the widget tracking tag (spec: "One widget tracking tag is loaded at
 * startup"). A deployment loads its vendor's tag instead (VITE_WIDGET_SCRIPT_URL); this one keeps
 * the spec's screen complete on `npm start` and sends nothing anywhere: it counts the page views of
 * the session in `window.portalWidget.views` (path and time), which a developer can read in the
 * console to see the tag at work.
 */
(function () {
  if (window.portalWidget) return;
  var widget = { source: 'local', views: [] };
  var record = function () {
    widget.views.push({ path: location.pathname, at: new Date().toISOString() });
  };
  var push = history.pushState;
  history.pushState = function () {
    var result = push.apply(this, arguments);
    record();
    return result;
  };
  window.addEventListener('popstate', record);
  window.portalWidget = widget;
  record();
})();

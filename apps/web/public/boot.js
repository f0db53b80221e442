/*
 * Starts the web app on a page the server rendered (decision 0025), once the browser has painted it: the page is
 * already readable in the HTML, and loading and running the app's JavaScript before that first paint would hold
 * it up (most of a phone's wait, as Lighthouse measures it). `data-entry` names the app's entry module and
 * `data-preload` the modules it imports (space-separated), fetched alongside it instead of one after another.
 * Links work before the app starts: they are real anchors.
 */
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    for (var i = 0; i < preload.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();

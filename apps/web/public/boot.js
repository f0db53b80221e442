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
  // Each element added starts a fetch, a millisecond or more of the main thread on a phone: a few at a time, each
  // group in a task of its own, so adding them all is not one long task (decision 0070). The entry first: its
  // own imports are these, and the browser finds the rest as it reads it.
  var BATCH = 3;
  function add(from) {
    for (var i = from; i < Math.min(from + BATCH, preload.length); i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    if (from + BATCH < preload.length) {
      setTimeout(function () {
        add(from + BATCH);
      }, 0);
    }
  }
  function start() {
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
    add(0);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();

// Stub of Hotjar's hotjar-<id>.js (static.hotjar.com): records the page it loads on, as Hotjar does,
// then runs hj's queue and each later call, reporting to script.hotjar.com. Sets _hjSessionUser_<id>.
(function () {
  var hj = window.hj;
  if (!hj || hj.__stub) return;
  var id = (window._hjSettings || {}).hjid;
  __stub.cookie('_hjSessionUser_' + id, Math.random().toString(36).slice(2));
  __stub.report('script.hotjar.com', 'hotjar', 'pageview', { site: id, path: location.pathname });
  function run(a) {
    __stub.report('script.hotjar.com', 'hotjar', a[0], { site: id, args: a.slice(1) });
  }
  var next = function () {
    run(__stub.args(arguments));
  };
  next.__stub = true;
  (hj.q || []).forEach(function (entry) {
    run(__stub.args(entry));
  });
  window.hj = next;
})();

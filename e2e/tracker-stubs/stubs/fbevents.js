// Stub of Meta's fbevents.js (connect.facebook.net, or a merchant's proxy host): takes over fbq's queue
// as the real library does (fbq.callMethod) and reports one hit per pixel and event to www.facebook.com/tr
// (to the proxy host when loaded from one). Sets _fbp.
(function () {
  var fbq = window.fbq;
  if (!fbq || fbq.callMethod) return;
  var src = (document.currentScript && document.currentScript.src) || '';
  var host = src.indexOf('https://connect.facebook.net/') === 0 ? 'www.facebook.com' : new URL(src).host;
  var pixels = [];
  function handle(method, a, b, c, d) {
    if (method === 'init') {
      if (pixels.indexOf(a) < 0) pixels.push(a);
      __stub.report(host, 'meta', 'init', { pixel: a });
      return;
    }
    if (method === 'consent') {
      __stub.report(host, 'meta', 'consent', { value: a });
      return;
    }
    if (method === 'track' || method === 'trackCustom') {
      pixels.forEach(function (id) {
        __stub.report(host, 'meta', a, { pixel: id, custom: method === 'trackCustom', data: b || {}, eventID: c && c.eventID });
      });
      return;
    }
    if (method === 'trackSingle' || method === 'trackSingleCustom') {
      __stub.report(host, 'meta', b, {
        pixel: a,
        custom: method === 'trackSingleCustom',
        data: c || {},
        eventID: d && d.eventID,
      });
    }
  }
  fbq.callMethod = function () {
    handle.apply(null, arguments);
  };
  __stub.cookie('_fbp', 'fb.1.' + Date.now() + '.' + Math.floor(Math.random() * 1e9));
  var queued = fbq.queue.splice(0);
  queued.forEach(function (entry) {
    handle.apply(null, __stub.args(entry));
  });
})();

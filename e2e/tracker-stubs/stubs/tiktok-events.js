// Stub of TikTok's events.js (analytics.tiktok.com/i18n/pixel/events.js?sdkid=…), loaded once per pixel:
// the first copy replaces ttq's queueing methods, runs the queue, and reports each page and track call
// once per loaded pixel to analytics.tiktok.com. Sets _ttp.
(function () {
  var ttq = window.ttq;
  if (!ttq || ttq.__stub) return;
  ttq.__stub = true;
  function pixels() {
    return Object.keys(ttq._i || {});
  }
  function run(a) {
    if (a[0] === 'page')
      pixels().forEach(function (id) {
        __stub.report('analytics.tiktok.com', 'tiktok', 'Pageview', { pixel: id });
      });
    else if (a[0] === 'track')
      pixels().forEach(function (id) {
        __stub.report('analytics.tiktok.com', 'tiktok', a[1], {
          pixel: id,
          properties: a[2] || {},
          event_id: a[3] && a[3].event_id,
        });
      });
  }
  __stub.cookie('_ttp', Math.random().toString(36).slice(2));
  var queued = Array.prototype.splice.call(ttq, 0);
  (ttq.methods || []).forEach(function (method) {
    ttq[method] = function () {
      run([method].concat(__stub.args(arguments)));
    };
  });
  queued.forEach(run);
})();

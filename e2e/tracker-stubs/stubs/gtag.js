// Stub of Google's gtag.js (www.googletagmanager.com/gtag/js): reads the gtag commands (Arguments
// objects) from the dataLayer, the queued ones and each new push, and reports each event per destination:
// a G- id to region1.google-analytics.com, an AW- id to googleads.g.doubleclick.net. Consent commands are
// reported too (vendor gtag). Sets _ga and _gid once an analytics destination is configured, unless
// analytics_storage is denied (Consent Mode).
(function () {
  if (window.__stubGtag) return;
  window.__stubGtag = true;
  var dl = (window.dataLayer = window.dataLayer || []);
  var destinations = [];
  var storageDenied = false;
  var hostOf = function (id) {
    return id.indexOf('AW-') === 0 ? 'googleads.g.doubleclick.net' : 'region1.google-analytics.com';
  };
  var vendorOf = function (id) {
    return id.indexOf('AW-') === 0 ? 'googleAds' : 'ga4';
  };
  function command(entry) {
    if (Object.prototype.toString.call(entry) !== '[object Arguments]') return;
    var a = __stub.args(entry);
    if (a[0] === 'consent') {
      if (a[2] && a[2].analytics_storage) storageDenied = a[2].analytics_storage === 'denied';
      __stub.report('www.googletagmanager.com', 'gtag', 'consent.' + a[1], a[2] || {});
    } else if (a[0] === 'config') {
      if (destinations.indexOf(a[1]) < 0) destinations.push(a[1]);
      if (a[1].indexOf('G-') === 0 && !storageDenied) {
        __stub.cookie('_ga', 'GA1.1.' + Math.floor(Math.random() * 1e9) + '.' + Math.floor(Date.now() / 1000));
        __stub.cookie('_gid', 'GA1.1.' + Math.floor(Math.random() * 1e9));
      }
      __stub.report(hostOf(a[1]), vendorOf(a[1]), 'config', { id: a[1], params: a[2] || {} });
    } else if (a[0] === 'event') {
      var params = a[2] || {};
      var sendTo = params.send_to === undefined ? destinations : [].concat(params.send_to);
      sendTo.forEach(function (target) {
        var id = String(target).split('/')[0];
        __stub.report(hostOf(id), vendorOf(id), a[1], { send_to: target, params: params });
      });
    }
  }
  dl.forEach(command);
  var push = dl.push;
  dl.push = function () {
    for (var i = 0; i < arguments.length; i++) command(arguments[i]);
    return push.apply(dl, arguments);
  };
})();

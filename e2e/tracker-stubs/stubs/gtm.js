// Stub of Google Tag Manager's gtm.js (www.googletagmanager.com/gtm.js): reports each object pushed to
// the dataLayer that names an event (the queued ones and each new push), with its ecommerce object.
(function () {
  var id = new URL((document.currentScript && document.currentScript.src) || location.href).searchParams.get('id');
  var dl = (window.dataLayer = window.dataLayer || []);
  function object(entry) {
    if (!entry || Object.prototype.toString.call(entry) !== '[object Object]' || !entry.event) return;
    __stub.report('www.googletagmanager.com', 'gtm', entry.event, { container: id, entry: entry });
  }
  dl.forEach(object);
  var push = dl.push;
  dl.push = function () {
    for (var i = 0; i < arguments.length; i++) object(arguments[i]);
    return push.apply(dl, arguments);
  };
})();

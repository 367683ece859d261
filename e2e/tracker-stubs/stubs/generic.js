// Stub of any other tracker script (a cart-recovery widget, a merchant's proxy host's files): reports
// that it loaded, from which address, to its own host.
(function () {
  var src = (document.currentScript && document.currentScript.src) || '';
  if (src) __stub.report(new URL(src).host, 'script', 'loaded', { src: src });
})();

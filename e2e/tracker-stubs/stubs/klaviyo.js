// Stub of Klaviyo's klaviyo.js (static.klaviyo.com/onsite/js/klaviyo.js?company_id=…): runs the calls
// queued in _klOnsite and each later klaviyo.push, reporting track calls to a.klaviyo.com. Sets __kla_id.
(function () {
  if (window.klaviyo && window.klaviyo.__stub) return;
  var company = new URL((document.currentScript && document.currentScript.src) || location.href).searchParams.get('company_id');
  function run(call) {
    if (call && call[0] === 'track')
      __stub.report('a.klaviyo.com', 'klaviyo', call[1], { company: company, properties: call[2] || {} });
  }
  __stub.cookie('__kla_id', btoa(JSON.stringify({ cid: Math.random().toString(36).slice(2) })));
  (window._klOnsite || []).splice(0).forEach(run);
  window.klaviyo = {
    __stub: true,
    push: function () {
      for (var i = 0; i < arguments.length; i++) run(arguments[i]);
    },
  };
  __stub.report('a.klaviyo.com', 'klaviyo', 'loaded', { company: company });
})();

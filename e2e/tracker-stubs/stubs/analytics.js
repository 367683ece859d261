// Stub of Universal Analytics' analytics.js (www.google-analytics.com): runs ga's queue and each later
// call, reporting pageviews and ecommerce transactions to www.google-analytics.com. Sets _ga.
(function () {
  var name = window.GoogleAnalyticsObject || 'ga';
  var old = window[name];
  if (!old || old.__stub) return;
  var tx = null;
  function run(a) {
    if (a[0] === 'create') {
      __stub.cookie('_ga', 'GA1.1.' + Math.floor(Math.random() * 1e9) + '.' + Math.floor(Date.now() / 1000));
      __stub.report('www.google-analytics.com', 'ua', 'create', { id: a[1] });
    } else if (a[0] === 'send') __stub.report('www.google-analytics.com', 'ua', a[1], { args: a.slice(2) });
    else if (a[0] === 'ecommerce:addTransaction') tx = { transaction: a[1], items: [] };
    else if (a[0] === 'ecommerce:addItem' && tx) tx.items.push(a[1]);
    else if (a[0] === 'ecommerce:send' && tx) {
      __stub.report('www.google-analytics.com', 'ua', 'transaction', tx);
      tx = null;
    }
  }
  var ga = function () {
    run(__stub.args(arguments));
  };
  ga.__stub = true;
  (old.q || []).forEach(function (entry) {
    run(__stub.args(entry));
  });
  window[name] = ga;
})();

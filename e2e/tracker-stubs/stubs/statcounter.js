// Stub of Statcounter's counter.js (www.statcounter.com): counts the page it loads on, as counter.js
// does, to c.statcounter.com, and offers _statcounter.record_pageview() for later pages. Sets
// sc_is_visitor_unique.
(function () {
  if (window._statcounter) return;
  var project = window.sc_project;
  function count() {
    __stub.report('c.statcounter.com', 'statcounter', 'pageview', {
      project: project,
      security: window.sc_security,
      path: location.pathname,
    });
  }
  __stub.cookie('sc_is_visitor_unique', 'rx' + project + '.' + Date.now());
  window._statcounter = { record_pageview: count };
  count();
})();

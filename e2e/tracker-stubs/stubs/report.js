// Prepended to every stub: how a stub tells the test what the real vendor script would have sent. A GET
// to https://<collection host>/__stub/hit?vendor=&event=&payload= (the vendor's own collection host, so
// the page's Content-Security-Policy decides as it would for the real hit); the test's route records it.
// A cookie set here is set the way the vendor's script sets it (first-party, by document.cookie).
var __stub = (function () {
  function report(host, vendor, event, payload) {
    var url =
      'https://' +
      host +
      '/__stub/hit?vendor=' +
      encodeURIComponent(vendor) +
      '&event=' +
      encodeURIComponent(event) +
      '&payload=' +
      encodeURIComponent(JSON.stringify(payload === undefined ? null : payload));
    // A refused request (the page's policy) is what a test looks for: it is not an error of the stub.
    fetch(url, { mode: 'no-cors', keepalive: true, credentials: 'omit' }).catch(function () {});
  }
  function cookie(name, value) {
    if (
      document.cookie.split('; ').some(function (c) {
        return c.indexOf(name + '=') === 0;
      })
    )
      return;
    document.cookie = name + '=' + value + '; path=/; max-age=7776000; SameSite=Lax';
  }
  function args(entry) {
    return Array.prototype.slice.call(entry);
  }
  return { report: report, cookie: cookie, args: args };
})();

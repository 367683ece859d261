// Stub of Snap's scevent.min.js (sc-static.net): takes over snaptr (handleRequest), runs the queue, and
// reports each track call per pixel to tr.snapchat.com. Sets _scid.
(function () {
  var snaptr = window.snaptr;
  if (!snaptr || snaptr.handleRequest) return;
  var pixels = [];
  function run(a) {
    if (a[0] === 'init') {
      pixels.push(a[1]);
      __stub.cookie('_scid', Math.random().toString(36).slice(2));
    } else if (a[0] === 'track')
      pixels.forEach(function (id) {
        __stub.report('tr.snapchat.com', 'snapchat', a[1], { pixel: id, params: a[2] || {} });
      });
  }
  snaptr.handleRequest = function () {
    run(__stub.args(arguments));
  };
  snaptr.queue.splice(0).forEach(function (entry) {
    run(__stub.args(entry));
  });
})();

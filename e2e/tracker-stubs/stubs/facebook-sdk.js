// Stub of the Facebook JS SDK with the chat plugin (connect.facebook.net/<locale>/sdk/xfbml.customerchat.js):
// defines FB, calls fbAsyncInit as the SDK does, and reports the init and the chat element's page id to
// www.facebook.com.
(function () {
  if (window.FB) return;
  window.FB = {
    init: function (options) {
      var chat = document.querySelector('.fb-customerchat');
      __stub.report('www.facebook.com', 'messenger', 'init', { options: options, pageId: chat && chat.getAttribute('page_id') });
    },
  };
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();

/**
 * The browser script of the login widget stand-in, served as `/js/telegram-widget.js`: what Telegram's
 * `telegram-widget.js` does for a page, against the stand-in. It reads its own `<script>` element's
 * `data-telegram-login` (the bot's username), `data-onauth` (an expression of `user`, e.g.
 * `onTelegramAuth(user)`), `data-auth-url` (the redirect variant) and `data-request-access`, renders a 'Log
 * in with Telegram' button after itself, and on click opens the stand-in's confirmation popup. The popup's
 * answer (a message from the stand-in's origin and that very popup) is the signed auth result: it calls
 * `data-onauth` with it, or navigates the page to `data-auth-url` with the result's fields as query
 * parameters. A declined popup does nothing, as with Telegram. Like Telegram's script it also defines
 * \`window.Telegram.Login.auth({ bot_id, request_access }, callback)\`: the same popup for the bot with that id,
 * then \`callback(result)\`, or \`callback(false)\` when the popup closes unanswered.
 */
export const widgetScript = `(function () {
  var script = document.currentScript;
  if (!script) return;
  var base = new URL(script.src).origin;
  var botName = script.getAttribute('data-telegram-login') || '';
  var onAuth = script.getAttribute('data-onauth');
  var authUrl = script.getAttribute('data-auth-url');
  var requestAccess = script.getAttribute('data-request-access') || '';
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Log in with Telegram';
  button.setAttribute('data-telegram-stand-in', botName);
  button.style.cssText = 'background:#54a9eb;color:#fff;border:0;border-radius:20px;padding:9px 21px;font:500 16px system-ui,sans-serif;cursor:pointer';
  script.parentNode.insertBefore(button, script.nextSibling);
  // Opens the confirmation popup for \`query\` (the bot and the page's origin) and calls \`done\` with the signed
  // auth result, or with false when the popup closes unanswered.
  function confirmInPopup(query, done) {
    var url = base + '/auth?' + query + '&origin=' + encodeURIComponent(location.origin);
    var popup = window.open(url, 'telegram_oauth_stand_in', 'width=550,height=470');
    if (!popup) return done(false);
    var finished = false;
    function finish(result) {
      if (finished) return;
      finished = true;
      window.removeEventListener('message', listener);
      clearInterval(closedPoll);
      done(result);
    }
    function listener(event) {
      if (event.origin !== base || event.source !== popup) return;
      var message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      if (!message || message.event !== 'auth_result') return;
      finish(message.result || false);
    }
    var closedPoll = setInterval(function () { if (popup.closed) setTimeout(function () { finish(false); }, 500); }, 500);
    window.addEventListener('message', listener);
  }
  // Telegram's widget script also offers \`Telegram.Login.auth({ bot_id, request_access }, callback)\`, which
  // opens the same popup for the bot with that id and calls back with the auth result or false.
  window.Telegram = window.Telegram || {};
  window.Telegram.Login = window.Telegram.Login || {};
  window.Telegram.Login.auth = function (options, callback) {
    var botId = options && options.bot_id;
    confirmInPopup('bot_id=' + encodeURIComponent(String(botId)) + '&request_access=' +
      encodeURIComponent(String((options && options.request_access) || '')), callback);
  };
  button.addEventListener('click', function () {
    confirmInPopup('bot_name=' + encodeURIComponent(botName) + '&request_access=' + encodeURIComponent(requestAccess),
      function (user) {
        if (!user) return;
        if (authUrl) {
          var target = new URL(authUrl, location.href);
          Object.keys(user).forEach(function (key) { target.searchParams.set(key, String(user[key])); });
          location.href = target.toString();
          return;
        }
        if (onAuth) new Function('user', onAuth)(user);
      });
  });
})();
`

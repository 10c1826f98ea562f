/**
 * The browser script of the login widget stand-in, served as `/js/telegram-widget.js`: what Telegram's
 * `telegram-widget.js` does for a page, against the stand-in. It reads its own `<script>` element's
 * `data-telegram-login` (the bot's username), `data-onauth` (an expression of `user`, e.g.
 * `onTelegramAuth(user)`), `data-auth-url` (the redirect variant) and `data-request-access`, renders a 'Log
 * in with Telegram' button after itself, and on click opens the stand-in's confirmation popup. The popup's
 * answer (a message from the stand-in's origin and that very popup) is the signed auth result: it calls
 * `data-onauth` with it, or navigates the page to `data-auth-url` with the result's fields as query
 * parameters. A declined popup does nothing, as with Telegram.
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
  button.addEventListener('click', function () {
    var url = base + '/auth?bot_name=' + encodeURIComponent(botName) + '&origin=' +
      encodeURIComponent(location.origin) + '&request_access=' + encodeURIComponent(requestAccess);
    var popup = window.open(url, 'telegram_oauth_stand_in', 'width=550,height=470');
    if (!popup) return;
    function listener(event) {
      if (event.origin !== base || event.source !== popup) return;
      var message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      if (!message || message.event !== 'auth_result') return;
      window.removeEventListener('message', listener);
      var user = message.result;
      if (!user) return;
      if (authUrl) {
        var target = new URL(authUrl, location.href);
        Object.keys(user).forEach(function (key) { target.searchParams.set(key, String(user[key])); });
        location.href = target.toString();
        return;
      }
      if (onAuth) new Function('user', onAuth)(user);
    }
    window.addEventListener('message', listener);
  });
})();
`

import type { TelegramTestUser } from './signTelegramLogin'

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The stand-in's confirmation page (Telegram's oauth.telegram.org popup): names the bot and the site, shows
 * the Telegram user that will log in (editable, prefilled with the stand-in's current user), and 'Accept' /
 * 'Decline'. Accept asks the stand-in to sign the user for the bot (`POST /auth/sign`), then posts
 * `{ event: 'auth_result', result }` (JSON) to the opener at `origin` and closes; without an opener and with
 * `return_to`, it navigates there with `#tgAuthResult=<base64url JSON>` (Telegram's full-page return).
 * Decline answers `result: false`.
 */
export function authPage(parameters: {
  botName: string
  origin: string
  returnTo: string | null
  user: TelegramTestUser
}): string {
  const { botName, origin, returnTo, user } = parameters
  const field = (name: keyof TelegramTestUser, label: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(String(user[name] ?? ''))}"></label>`
  return `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Telegram login (stand-in)</title>
<style>body{font:15px system-ui,sans-serif;margin:24px}label{display:block;margin:6px 0}button{margin:12px 8px 0 0}</style>
<h1>Log in to ${escapeHtml(origin)}</h1>
<p><b>@${escapeHtml(botName)}</b> wants to log you in. This is the local Telegram stand-in.</p>
<form id="user">${field('id', 'Telegram id')}${field('first_name', 'First name')}${field('last_name', 'Last name')}${field('username', 'Username')}${field('photo_url', 'Photo URL')}
<button type="submit" id="accept">Accept</button><button type="button" id="decline">Decline</button></form>
<script>
const origin = ${JSON.stringify(origin)}, returnTo = ${JSON.stringify(returnTo)}, botName = ${JSON.stringify(botName)};
function answer(result) {
  if (window.opener) { window.opener.postMessage(JSON.stringify({ event: 'auth_result', result }), origin); window.close(); return }
  if (returnTo && result) {
    const json = new TextEncoder().encode(JSON.stringify(result));
    const b64 = btoa(String.fromCharCode(...json)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    location.href = returnTo + '#tgAuthResult=' + b64;
  }
}
document.getElementById('decline').onclick = () => answer(false);
document.getElementById('user').onsubmit = async (event) => {
  event.preventDefault();
  const values = Object.fromEntries(new FormData(event.target));
  const user = { ...values, id: Number(values.id) };
  const response = await fetch('/auth/sign', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bot_name: botName, user }) });
  answer(response.ok ? await response.json() : false);
};
</script></html>`
}

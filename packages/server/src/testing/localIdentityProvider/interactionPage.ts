/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

export type InteractionPageParameters = {
  uid: string
  /** The provider the client registered for (shown as "Sign in to Google (local)"). */
  providerName: string
  clientId: string
  scopes: readonly string[]
  /** The test users, as an account chooser. */
  users: ReadonlyArray<{ subject: string; email: string | null; name: string | null }>
  error?: string | undefined
}

/**
 * The local identity provider's login and consent page: an account chooser (one button per test user), a
 * login-name form, the requested scopes, and "Cancel" (which answers the client `access_denied`). Buttons
 * and fields have accessible names a browser test can click: 'Continue as <name or subject>', 'Login name',
 * 'Sign in', 'Cancel'.
 */
export function renderInteractionPage(parameters: InteractionPageParameters): string {
  const action = `/interaction/${encodeURIComponent(parameters.uid)}`
  const chooser = parameters.users
    .map((user) => {
      const label = user.name ?? user.email ?? user.subject
      return `<li><form method="post" action="${action}/login"><input type="hidden" name="login" value="${escapeHtml(user.subject)}"/><button type="submit">Continue as ${escapeHtml(label)}</button></form></li>`
    })
    .join('\n')
  const scopes = parameters.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in to ${escapeHtml(parameters.providerName)} (local)</title></head>
<body>
<main>
<h1>Sign in to ${escapeHtml(parameters.providerName)} (local)</h1>
<p>Client <code>${escapeHtml(parameters.clientId)}</code> asks for:</p>
<ul>${scopes}</ul>
${parameters.error ? `<p role="alert">${escapeHtml(parameters.error)}</p>` : ''}
<ul aria-label="Accounts">${chooser}</ul>
<form method="post" action="${action}/login">
<label for="login">Login name</label>
<input id="login" name="login" autocomplete="username" required/>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>
</main>
</body>
</html>`
}

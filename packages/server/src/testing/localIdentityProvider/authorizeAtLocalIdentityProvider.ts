/** Where the provider sent the browser back: a GET (query) or Apple's form_post (a POST of `form`). */
export type LocalAuthorizationReturn =
  | { method: 'GET'; url: string }
  | { method: 'POST'; url: string; form: URLSearchParams }

export type AuthorizeAtLocalIdentityProviderParameters = {
  /** The login name (a test user's subject) to sign in as; ignored with `deny`. */
  login?: string
  /** Press 'Cancel' on the login page instead (the provider answers `access_denied`). */
  deny?: boolean
  /** The redirect URI prefix where the walk stops (the server's callback). */
  returnTo: string
}

/** Decodes the few HTML entities oidc-provider's form_post page uses. */
function decodeEntities(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/**
 * Walks a browser's way through the local identity provider with `fetch` (real HTTP on loopback, a cookie
 * jar, redirects followed by hand): from the authorization URL to the login page, posts the login form
 * (or 'Cancel'), and stops at the first redirect or form_post to `returnTo`. Throws when the walk ends
 * anywhere else (after 12 steps at most).
 *
 * @example const back = await authorizeAtLocalIdentityProvider(url, { login: '1001', returnTo: callbackUrl })
 */
export async function authorizeAtLocalIdentityProvider(
  authorizationUrl: string,
  parameters: AuthorizeAtLocalIdentityProviderParameters,
): Promise<LocalAuthorizationReturn> {
  const cookies = new Map<string, string>()
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = {
    url: authorizationUrl,
    method: 'GET',
  }
  for (let step = 0; step < 12; step++) {
    if (next.url.startsWith(parameters.returnTo) && next.method === 'GET')
      return { method: 'GET', url: next.url }
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(next.body ? { body: next.body } : {}),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair?.indexOf('=') ?? -1
      if (pair && at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel()
      next = { url: new URL(location, next.url).href, method: 'GET' }
      continue
    }
    const html = await response.text()
    const formPost = /<form method="post" action="([^"]+)">/.exec(html)
    if (formPost?.[1] && decodeEntities(formPost[1]).startsWith(parameters.returnTo)) {
      const form = new URLSearchParams()
      for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
        form.append(decodeEntities(match[1] ?? ''), decodeEntities(match[2] ?? ''))
      return { method: 'POST', url: decodeEntities(formPost[1]), form }
    }
    const loginAction = /<form method="post" action="(\/interaction\/[^"/]+)\/login">/.exec(html)?.[1]
    if (!loginAction)
      throw new Error(`Unexpected page at ${next.url} (${response.status}): ${html.slice(0, 300)}`)
    const target = new URL(`${loginAction}/${parameters.deny ? 'abort' : 'login'}`, next.url).href
    next = {
      url: target,
      method: 'POST',
      body: new URLSearchParams(parameters.deny ? {} : { login: parameters.login ?? '' }),
    }
  }
  throw new Error('Too many steps at the local identity provider')
}

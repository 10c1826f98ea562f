import { oauthReturnParameters } from '@foyer/protocol'
import type { OAuthWindow } from './oauthWindow'

/** The `privy_oauth_*` parameters of an OAuth return (docs/modal.md). */
export type OAuthReturn = {
  /** `privy_oauth_provider`. */
  provider: string
  /** `privy_oauth_code`: the one-time code; the literal `'undefined'` when the user denied. */
  authorizationCode: string
  /** `privy_oauth_state`: the state this browser sent to `oauth/init`. */
  stateCode: string
}

/**
 * Reads the `privy_oauth_code`, `privy_oauth_provider` and `privy_oauth_state` parameters of `href` — only
 * when all three are present (docs/wire.md#oauth).
 *
 * @returns The parameters, or `null`.
 * @internal
 */
export function parseOAuthReturn(href: string): OAuthReturn | null {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return null
  }
  const authorizationCode = url.searchParams.get(oauthReturnParameters.code)
  const provider = url.searchParams.get(oauthReturnParameters.provider)
  const stateCode = url.searchParams.get(oauthReturnParameters.state)
  if (!authorizationCode || !provider || !stateCode) return null
  return { provider, authorizationCode, stateCode }
}

/**
 * `href` without the three `privy_oauth_*` parameters (the rest of the query and the fragment kept).
 *
 * @internal
 */
export function withoutOAuthReturn(href: string): string {
  const url = new URL(href)
  for (const name of Object.values(oauthReturnParameters)) url.searchParams.delete(name)
  return url.toString()
}

/**
 * Reads the OAuth return parameters of the page and removes them from the address bar
 * (`history.replaceState`, no reload), so a reload or a shared link never replays the code (docs/modal.md:
 * "query parameters are read and then removed"). Only when all three are present; otherwise the URL is
 * left alone.
 *
 * @internal
 */
export function takeOAuthReturn(win: OAuthWindow): OAuthReturn | null {
  const found = parseOAuthReturn(win.location.href)
  if (!found) return null
  win.history.replaceState(win.history.state, '', withoutOAuthReturn(win.location.href))
  return found
}

import { headers, OAUTH_STATE_BYTES, OAUTH_VERIFIER_BYTES } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { OAuthAction, OAuthDisplayMode } from '../../oauth/oauthFlowStorage'
import { saveOAuthFlow } from '../../oauth/oauthFlowStorage'
import { browserWindow } from '../../oauth/oauthWindow'
import { pkceChallengeS256, randomBase64Url } from '../../oauth/pkce'
import { withoutOAuthReturn } from '../../oauth/readOAuthReturn'

/** Parameters of {@link initLoginWithOAuth}. */
export type InitLoginWithOAuthParameters = {
  /** The provider: `'google'`, `'github'` … (protocol `oauthProviders`). */
  provider: string
  /** Captcha token, when the app uses a captcha (docs/api.md `oauth/init` `token`). */
  captchaToken?: string | undefined
  /**
   * The absolute URL of the app's page the provider returns to (with the `privy_oauth_*` parameters); it
   * must be on one of the app's allowed origins. Default: the current page, without earlier return
   * parameters.
   */
  redirectTo?: string | undefined
  /** `true` signs in with mode `'no-signup'` (docs/modal.md "OAuth"). Default `false`. */
  disableSignup?: boolean | undefined
  /** Sign in (default) or link to the signed-in user. */
  action?: OAuthAction | undefined
  /** Whether the provider's page will show in a popup (default) or the whole page. */
  mode?: OAuthDisplayMode | undefined
  /**
   * `true` when Foyer's own modal drives the flow: the call carries header `privy-ui: t`
   * (docs/wire.md#oauth). Default `false` (a headless call sends none).
   */
  ui?: boolean | undefined
}

/** Return type of {@link initLoginWithOAuth}. */
export type InitLoginWithOAuthReturnType = {
  /** The provider's authorization URL to open. */
  url: string
  /** The state sent with it; the return carries it back. */
  stateCode: string
  /** Where the provider returns to (`redirect_to`). */
  redirectTo: string
}

/** What {@link initLoginWithOAuth} throws (an action that calls others includes theirs). */
export type InitLoginWithOAuthErrorType = RequestErrorType

/**
 * Begins an OAuth flow (docs/api.md, docs/limits.md; docs/wire.md#oauth): makes a PKCE code verifier and a
 * state from {@link OAUTH_VERIFIER_BYTES} and {@link OAUTH_STATE_BYTES} (36) random bytes each (base64url,
 * 48 characters), stores them with the provider in the client's storage (so a full-page redirect survives;
 * a new flow replaces an older one), then `POST /api/v1/oauth/init` with `{ provider, redirect_to, token?,
 * code_challenge (S256, RFC 7636 §4.2), state_code }` (with header `privy-ui: t` when `ui`). Retried like every call (docs/api.md#retries).
 * Does not open anything: see {@link startOAuthFlow}.
 *
 * @throws {ApiError} e.g. `disallowed_login_method` (403, the provider is off), `invalid_origin` (403,
 *   `redirect_to` outside the allowed origins), `invalid_captcha` (400), `invalid_data` (400).
 * @throws {Error} outside a browser without `redirectTo`.
 * @example
 * const { url } = await initLoginWithOAuth(client, { provider: 'google' })
 */
export async function initLoginWithOAuth(
  client: FoyerClient,
  parameters: InitLoginWithOAuthParameters,
): Promise<InitLoginWithOAuthReturnType> {
  const redirectTo = parameters.redirectTo ?? currentPage()
  const codeVerifier = randomBase64Url(OAUTH_VERIFIER_BYTES)
  const stateCode = randomBase64Url(OAUTH_STATE_BYTES)
  const codeChallenge = await pkceChallengeS256(codeVerifier)
  await saveOAuthFlow(client, {
    provider: parameters.provider,
    stateCode,
    codeVerifier,
    action: parameters.action ?? 'login',
    mode: parameters.mode ?? 'popup',
    disableSignup: parameters.disableSignup === true,
    createdAt: Date.now(),
  })
  const { url } = await request(client, 'POST /api/v1/oauth/init', {
    body: {
      provider: parameters.provider,
      redirect_to: redirectTo,
      ...(parameters.captchaToken === undefined ? {} : { token: parameters.captchaToken }),
      code_challenge: codeChallenge,
      state_code: stateCode,
    },
    ...(parameters.ui ? { headers: { [headers.ui]: 't' } } : {}),
  })
  return { url, stateCode, redirectTo }
}

function currentPage(): string {
  const win = browserWindow()
  if (!win) throw new Error('initLoginWithOAuth needs `redirectTo` outside a browser.')
  return withoutOAuthReturn(win.location.href)
}

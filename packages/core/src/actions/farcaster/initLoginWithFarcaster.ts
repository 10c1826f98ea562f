import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'

/** Parameters of {@link initLoginWithFarcaster}. */
export type InitLoginWithFarcasterParameters = {
  /** The captcha token, when the app has captcha on (docs/modal.md). */
  captchaToken?: string | undefined
  /** Where the Farcaster app returns the user on mobile; on one of the app's allowed origins. */
  redirectUrl?: string | undefined
}

/** Return type of {@link initLoginWithFarcaster}: the channel to poll and the link the Farcaster app opens. */
export type InitLoginWithFarcasterReturnType = {
  /** The relay channel's token, for {@link waitForFarcasterApproval} and the sign-in. */
  channelToken: string
  /** The Sign In With Farcaster link: shown as a QR code on desktop, opened on mobile. */
  connectUri: string
}

/** What {@link initLoginWithFarcaster} throws (an action that calls others includes theirs). */
export type InitLoginWithFarcasterErrorType = RequestErrorType

/**
 * Starts a Farcaster sign-in or link (docs/modal.md "Farcaster", docs/api.md): `POST /api/v1/farcaster/init`
 * `{ token?, redirect_url? }` → the server opens a channel on the Farcaster auth relay for a nonce it issued.
 * The relying party is the page's origin (the request's `Origin`).
 *
 * @throws {ApiError} `invalid_captcha` (400), `disallowed_login_method` (403, 'Login with Farcaster not
 *   allowed.'), `invalid_origin` / `missing_origin` (403), `internal_error` (500, the relay failed),
 *   `too_many_requests` (429).
 * @example
 * const { channelToken, connectUri } = await initLoginWithFarcaster(client, {})
 * showQrCode(connectUri)
 */
export async function initLoginWithFarcaster(
  client: FoyerClient,
  parameters: InitLoginWithFarcasterParameters = {},
): Promise<InitLoginWithFarcasterReturnType> {
  const answer = await request(client, 'POST /api/v1/farcaster/init', {
    body: {
      ...(parameters.captchaToken ? { token: parameters.captchaToken } : {}),
      ...(parameters.redirectUrl ? { redirect_url: parameters.redirectUrl } : {}),
    },
  })
  return { channelToken: answer.channel_token, connectUri: answer.connect_uri }
}

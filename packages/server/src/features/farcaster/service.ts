import { randomBytes } from 'node:crypto'
import {
  FARCASTER_NONCE_TTL_SECONDS,
  type FarcasterStatusResponse,
  farcasterChannelTokenSchema,
  isOriginAllowed,
} from '@foyer/protocol'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import { z } from 'zod'
import type { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import type { LoadedApp } from '../apps/service'
import { urlOnAllowedOrigin } from '../apps/urlOnAllowedOrigin'
import { farcasterAppClient } from './farcasterClient'
import { farcasterChannels } from './schema'
import type { FarcasterContext } from './settings'
import { type VerifiedFarcasterSignIn, verifyFarcasterSignIn } from './verifyFarcasterSignIn'

/** Throws 403 `disallowed_login_method` 'Login with Farcaster not allowed.' unless the app has `farcaster_auth`. */
export function assertFarcasterLoginAllowed(app: LoadedApp): void {
  if (!app.settings.farcaster_auth) throw foyerError('farcasterLoginNotAllowed')
}

/** An http(s) URL on one of the app's allowed origins, else 403 `invalid_origin` naming `field`. */
function allowedUrl(app: LoadedApp, value: string, field: string): URL {
  const url = urlOnAllowedOrigin(app, value)
  if (!url) throw foyerError('originFieldNotAllowed', { field })
  return url
}

/**
 * The relying party of a sign-in: `relying_party` when given, else the request's `Origin` (403
 * `missing_origin` without one); it must be on one of the app's allowed origins (403 `invalid_origin`).
 * The message's `domain` is its host and its `uri` its origin (docs/security.md property 39).
 */
export function relyingParty(
  app: LoadedApp,
  parameters: { relyingParty: string | undefined; origin: string | undefined },
): { domain: string; uri: string } {
  const value = parameters.relyingParty ?? parameters.origin
  if (value === undefined) throw foyerError('missingOriginHeader')
  const url = allowedUrl(app, value, 'relying_party')
  return { domain: url.host, uri: url.origin }
}

/** The relay's answer to `POST /v1/channel` (auth-client `CreateChannelAPIResponse`), checked: it is untrusted. */
const relayChannelSchema = z.object({
  channelToken: farcasterChannelTokenSchema,
  url: z.string().url().max(4096),
  nonce: z.string(),
})

/** The relay's channel status (auth-client `StatusAPIResponse`), checked; unknown fields are ignored. */
const relayStatusSchema = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string(),
  message: z.string().optional(),
  signature: z.string().optional(),
  fid: z.number().int().optional(),
  username: z.string().optional(),
  displayName: z.string().optional(),
  bio: z.string().optional(),
  pfpUrl: z.string().optional(),
})

function relayFailure(): FoyerHttpError {
  return foyerError('farcasterRelayUnavailable')
}

/** Rejects after `ms` with {@link relayFailure} (auth-client's fetch takes no signal). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(relayFailure()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Opens a Sign In With Farcaster channel (docs/modal.md "Farcaster"): issues a nonce (128 CSPRNG bits, hex;
 * docs/security.md property 38), asks the relay for a channel for it with the relying party's domain and URI
 * and an expiration {@link FARCASTER_NONCE_TTL_SECONDS} ahead, and stores (channel token, nonce, domain,
 * URI). A relay that fails, answers malformed or for another nonce is 500 `internal_error`. Expired
 * channels of the app are swept on the way.
 *
 * @returns `connect_uri` (the relay's `url`, opened by the Farcaster app) and `channel_token`.
 */
export async function openFarcasterChannel(
  context: FarcasterContext,
  app: LoadedApp,
  parameters: { domain: string; uri: string; redirectUrl: string | undefined },
): Promise<{ channel_token: string; connect_uri: string }> {
  const redirectUrl =
    parameters.redirectUrl === undefined
      ? undefined
      : allowedUrl(app, parameters.redirectUrl, 'redirect_url').href
  const now = new Date(context.now())
  const expiresAt = new Date(now.getTime() + FARCASTER_NONCE_TTL_SECONDS * 1000)
  const nonce = randomBytes(16).toString('hex')
  const answer = await withTimeout(
    farcasterAppClient(context.farcaster).createChannel({
      siweUri: parameters.uri,
      domain: parameters.domain,
      nonce,
      expirationTime: expiresAt.toISOString(),
      acceptAuthAddress: false,
      ...(redirectUrl ? { redirectUrl } : {}),
    }),
    context.farcaster.timeoutMs,
  )
  const channel = answer.isError ? null : relayChannelSchema.safeParse(answer.data)
  if (!channel?.success || channel.data.nonce !== nonce || (answer.response?.status ?? 500) >= 300) {
    context.log.warn({ status: answer.response?.status }, 'Farcaster relay refused to open a channel')
    throw relayFailure()
  }
  await context.db.orm
    .delete(farcasterChannels)
    .where(and(eq(farcasterChannels.appId, app.id), lt(farcasterChannels.expiresAt, now)))
  await context.db.orm.insert(farcasterChannels).values({
    channelToken: channel.data.channelToken,
    appId: app.id,
    nonce,
    domain: parameters.domain,
    siweUri: parameters.uri,
    createdAt: now,
    expiresAt,
  })
  return { channel_token: channel.data.channelToken, connect_uri: channel.data.url }
}

type ChannelRow = typeof farcasterChannels.$inferSelect

function liveChannel(context: FarcasterContext, appId: string, channelToken: string) {
  return and(
    eq(farcasterChannels.channelToken, channelToken),
    eq(farcasterChannels.appId, appId),
    isNull(farcasterChannels.consumedAt),
    gt(farcasterChannels.expiresAt, new Date(context.now())),
  )
}

const invalidChannel = () => foyerError('invalidFarcasterChannel')

/** The app's live (unused, unexpired) channel, else 401 `invalid_credentials`. */
async function requireLiveChannel(
  context: FarcasterContext,
  appId: string,
  channelToken: string,
): Promise<ChannelRow> {
  const [row] = await context.db.orm
    .select()
    .from(farcasterChannels)
    .where(liveChannel(context, appId, channelToken))
    .limit(1)
  if (!row) throw invalidChannel()
  return row
}

/**
 * The status of one of the app's live channels, read from the relay (`GET /v1/channel/status`;
 * docs/wire.md#farcaster): `pending` with the nonce, or `completed` with the message, signature, fid and the
 * profile the Farcaster app reported. The server's nonce is answered, never the relay's; nothing here is
 * trusted until `authenticate` verifies it (docs/security.md property 44). An unknown, used or expired
 * channel is 401 `invalid_credentials`; a failing or malformed relay 500 `internal_error`.
 */
export async function farcasterChannelStatus(
  context: FarcasterContext,
  app: LoadedApp,
  channelToken: string,
): Promise<FarcasterStatusResponse> {
  const channel = await requireLiveChannel(context, app.id, channelToken)
  const answer = await withTimeout(
    farcasterAppClient(context.farcaster).status({ channelToken }),
    context.farcaster.timeoutMs,
  )
  const httpStatus = answer.response?.status ?? 500
  if (httpStatus === 401 || httpStatus === 404) throw invalidChannel()
  const status = answer.isError || httpStatus >= 300 ? null : relayStatusSchema.safeParse(answer.data)
  if (!status?.success) throw relayFailure()
  const relay = status.data
  if (relay.state === 'pending') return { state: 'pending', nonce: channel.nonce }
  if (relay.message === undefined || relay.signature === undefined || relay.fid === undefined)
    throw relayFailure()
  return {
    state: 'completed',
    nonce: channel.nonce,
    message: relay.message,
    signature: relay.signature,
    fid: relay.fid,
    ...(relay.username === undefined ? {} : { username: relay.username }),
    ...(relay.displayName === undefined ? {} : { display_name: relay.displayName }),
    ...(relay.bio === undefined ? {} : { bio: relay.bio }),
    ...(relay.pfpUrl === undefined ? {} : { pfp_url: relay.pfpUrl }),
  }
}

/**
 * Proves a Farcaster account from a completed channel (docs/security.md properties 38–44): the channel is the
 * app's and live, its relying party still one of the app's allowed origins, the message verifies against
 * the channel's nonce and domain ({@link verifyFarcasterSignIn}), and then the channel is consumed in one
 * `UPDATE … WHERE consumed_at IS NULL AND expires_at > now RETURNING` — of N parallel uses exactly one
 * wins; the others get 401 'Invalid or expired Farcaster channel'.
 */
export async function proveFarcasterAccount(
  context: FarcasterContext,
  app: LoadedApp,
  body: { channel_token: string; message: string; signature: string; fid: number },
): Promise<VerifiedFarcasterSignIn> {
  const channel = await requireLiveChannel(context, app.id, body.channel_token)
  if (!isOriginAllowed(app.allowedOrigins, channel.siweUri)) throw foyerError('signInOriginNoLongerAllowed')
  const verified = await verifyFarcasterSignIn(context.farcaster, {
    message: body.message,
    signature: body.signature,
    fid: body.fid,
    nonce: channel.nonce,
    domain: channel.domain,
    uri: channel.siweUri,
    now: context.now(),
  })
  const consumed = await context.db.orm
    .update(farcasterChannels)
    .set({ consumedAt: new Date(context.now()) })
    .where(and(liveChannel(context, app.id, body.channel_token), eq(farcasterChannels.nonce, channel.nonce)))
    .returning({ nonce: farcasterChannels.nonce })
  if (consumed.length !== 1) throw invalidChannel()
  return verified
}

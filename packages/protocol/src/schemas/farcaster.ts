import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { FARCASTER_MESSAGE_MAX_LENGTH } from '../constants/farcaster'
import { authModeSchema, linkedAccountTimes } from './common'

/** A Farcaster id: a positive integer (the Id Registry's `uint256`, within JavaScript's safe range). */
export const fidSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/**
 * A Farcaster account linked to a user (docs/linked-accounts.md#account-shapes `farcaster`): the `fid`, its
 * custody (owner) address, the profile from the user-data API (`profile_picture_url` is the client's `pfp`,
 * `homepage_url` its `url`), and, once the user approved one, the ed25519 `signer_public_key` (`0x` hex;
 * docs/api.md).
 */
export const farcasterAccountSchema = z.object({
  type: z.literal('farcaster'),
  fid: z.number().int(),
  owner_address: z.string(),
  username: z.string().optional(),
  display_name: z.string().optional(),
  bio: z.string().optional(),
  profile_picture_url: z.string().optional(),
  homepage_url: z.string().optional(),
  signer_public_key: z.string().optional(),
  ...linkedAccountTimes,
})
export type FarcasterAccount = z.infer<typeof farcasterAccountSchema>

/**
 * `POST /api/v1/farcaster/init` (docs/api.md, docs/wire.md#farcaster): `token` (captcha), `redirect_url`
 * (where the Farcaster app returns the user on mobile; on one of the app's allowed origins) and
 * `relying_party` (the origin the message is for; one of the app's allowed origins; default the request's
 * `Origin`).
 */
export const farcasterInitRequestSchema = z.object({
  token: z.string().max(4096).optional(),
  redirect_url: z.string().min(1).max(2048).optional(),
  relying_party: z.string().min(1).max(2048).optional(),
})
export type FarcasterInitRequest = z.infer<typeof farcasterInitRequestSchema>

/**
 * Answer of `farcaster/init`: the relay channel's `channel_token` and the `connect_uri` the Farcaster app
 * opens (shown as a QR code; `https://farcaster.xyz/~/siwf?channelToken=…`).
 */
export const farcasterInitResponseSchema = z.object({
  channel_token: z.string(),
  connect_uri: z.string(),
})
export type FarcasterInitResponse = z.infer<typeof farcasterInitResponseSchema>

/** A relay channel token as the client sends it back: 1..256 printable characters. */
export const farcasterChannelTokenSchema = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[\x21-\x7e]+$/, 'Invalid channel token')

/** The headers of `GET /api/v1/farcaster/status`: `farcaster-channel-token` (docs/wire.md#farcaster). */
export const farcasterStatusHeadersSchema = z.object({
  'farcaster-channel-token': farcasterChannelTokenSchema,
})

/**
 * Answer of `GET /api/v1/farcaster/status` (docs/wire.md#farcaster): `pending` with the channel's nonce, or
 * `completed` with the signed message, its signature, the `fid` and the profile the Farcaster app reported.
 * The relay is untrusted (docs/security.md property 44): nothing here is believed until `authenticate`/`link`
 * verify it.
 */
export const farcasterStatusResponseSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), nonce: z.string() }),
  z.object({
    state: z.literal('completed'),
    nonce: z.string(),
    message: z.string(),
    signature: z.string(),
    fid: z.number().int(),
    username: z.string().optional(),
    display_name: z.string().optional(),
    bio: z.string().optional(),
    pfp_url: z.string().optional(),
  }),
])
export type FarcasterStatusResponse = z.infer<typeof farcasterStatusResponseSchema>

/** Fields of `farcaster/authenticate` and `farcaster/link` (docs/wire.md#farcaster). */
const farcasterSignedFields = {
  channel_token: farcasterChannelTokenSchema,
  message: z.string().min(1).max(FARCASTER_MESSAGE_MAX_LENGTH),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]*$/, 'Expected a 0x hex signature')
    .max(20_000),
  fid: fidSchema,
}

/**
 * `POST /api/v1/farcaster/authenticate` `{ channel_token, message, signature, fid, mode? }` → auth response
 * (docs/api.md). The message is Sign In With Farcaster (ERC-4361 with the `farcaster://fid/<fid>` resource),
 * signed by the fid's custody address.
 */
export const farcasterAuthenticateRequestSchema = z.object({
  ...farcasterSignedFields,
  mode: authModeSchema.optional(),
})
export type FarcasterAuthenticateRequest = z.infer<typeof farcasterAuthenticateRequestSchema>

/**
 * `POST /api/v1/farcaster/link` (session): authenticate's fields minus `mode` → the user
 * (docs/wire.md#farcaster).
 */
export const farcasterLinkRequestSchema = z.object(farcasterSignedFields)
export type FarcasterLinkRequest = z.infer<typeof farcasterLinkRequestSchema>

/** `POST /api/v1/farcaster/unlink` `{ fid }` → the user (docs/api.md). */
export const farcasterUnlinkRequestSchema = z.object({ fid: fidSchema })
export type FarcasterUnlinkRequest = z.infer<typeof farcasterUnlinkRequestSchema>

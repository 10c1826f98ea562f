import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { farcasterSignerSchema } from '../farcasterSigner'
import { frameAccessTokenSchema } from './frameEnvelope'

/**
 * `privy:farcaster:init-signer` (docs/api.md): the frame creates (or reuses) the user's ed25519 signer key,
 * which never leaves the frame, and asks the server for a signed key request
 * (`POST /api/v1/farcaster/signer/init`). Reply: the server's Signer (docs/wire.md#farcaster).
 */
export const frameInitFarcasterSignerRequestSchema = z.object({ accessToken: frameAccessTokenSchema })
export type FrameInitFarcasterSignerRequest = z.infer<typeof frameInitFarcasterSignerRequestSchema>

/** `privy:farcaster:init-signer` reply: the Signer of docs/wire.md#farcaster. */
export const frameInitFarcasterSignerReplySchema = farcasterSignerSchema

/**
 * `privy:farcaster:sign` (docs/api.md): signs `payload.hash` (`0x` hex, 1..1024 bytes: a Farcaster message
 * hash is 20 bytes of BLAKE3) with the user's signer key (ed25519, RFC 8032). Reply: `{ signature }`, `0x`
 * and 128 hex digits.
 */
export const frameFarcasterSignRequestSchema = z.object({
  accessToken: frameAccessTokenSchema,
  payload: z.object({
    hash: z.string().regex(/^0x(?:[0-9a-fA-F]{2}){1,1024}$/, 'Expected 0x and an even number of hex digits'),
  }),
})
export type FrameFarcasterSignRequest = z.infer<typeof frameFarcasterSignRequestSchema>

/** `privy:farcaster:sign` reply. */
export const frameFarcasterSignReplySchema = z.object({
  signature: z.string().regex(/^0x[0-9a-f]{128}$/),
})

import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * An ed25519 public key as the Farcaster signer calls carry it (docs/wire.md#farcaster `ed25519_public_key`):
 * `0x` and 64 hex digits (32 bytes), as Farcaster's signed key requests name a key. Lower-cased on parse.
 */
export const ed25519PublicKeySchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'Expected 0x and 64 hex digits (an ed25519 public key)')
  .transform((value) => value.toLowerCase() as `0x${string}`)

/**
 * `POST /api/v1/farcaster/signer/init` (docs/wire.md#farcaster), called by the wallet frame: the frame's
 * signer key and an optional `deadline` (Unix seconds as a decimal string) for the signed key request;
 * default now + 24 h.
 */
export const farcasterSignerInitRequestSchema = z.object({
  ed25519_public_key: ed25519PublicKeySchema,
  deadline: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'Expected Unix seconds')
    .optional(),
})
export type FarcasterSignerInitRequest = z.infer<typeof farcasterSignerInitRequestSchema>

/**
 * `POST /api/v1/farcaster/signer/status` (docs/wire.md#farcaster, docs/api.md), called by the host: the
 * signer's public key.
 */
export const farcasterSignerStatusRequestSchema = z.object({ ed25519_public_key: ed25519PublicKeySchema })
export type FarcasterSignerStatusRequest = z.infer<typeof farcasterSignerStatusRequestSchema>

/** States of a Farcaster signer (docs/wire.md, docs/modal.md): pending_approval, then approved or revoked. */
export const farcasterSignerStates = ['pending_approval', 'approved', 'revoked'] as const
export type FarcasterSignerState = (typeof farcasterSignerStates)[number]

const decidedSigner = {
  public_key: z.string(),
  /** The user's fid, as a decimal string here (docs/wire.md#farcaster: a number elsewhere). */
  fid: z.string(),
}

/**
 * Answer of `signer/init` (docs/wire.md#farcaster "Signer"): `{ status: 'pending_approval', public_key,
 * signer_approval_url }` (the link or QR the user opens in their Farcaster app) | `{ status: 'approved' |
 * 'revoked', public_key, fid }`.
 */
export const farcasterSignerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('pending_approval'),
    public_key: z.string(),
    signer_approval_url: z.string(),
  }),
  z.object({ status: z.literal('approved'), ...decidedSigner }),
  z.object({ status: z.literal('revoked'), ...decidedSigner }),
])
export type FarcasterSigner = z.infer<typeof farcasterSignerSchema>

/**
 * Answer of `signer/status` (docs/wire.md#farcaster): as {@link farcasterSignerSchema}, pending without the
 * URL.
 */
export const farcasterSignerStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending_approval'), public_key: z.string() }),
  z.object({ status: z.literal('approved'), ...decidedSigner }),
  z.object({ status: z.literal('revoked'), ...decidedSigner }),
])
export type FarcasterSignerStatus = z.infer<typeof farcasterSignerStatusSchema>

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { chainTypeSchema, encryptedShareSchema, walletRpcRequestSchema } from '@foyer/protocol'
import { z } from 'zod'
import type { Signer } from './createSigner'

/**
 * The server ↔ signer interface (docs/operations.md#signer): JSON over HTTP, every request authenticated
 * with a secret both hold — `foyer-signer-timestamp` (Unix seconds), `foyer-signer-nonce` (a fresh random
 * value per request, 16–64 base64url characters) and `foyer-signer-signature`, the base64 HMAC-SHA256 of
 * `{timestamp}\n{nonce}\n{method}\n{path}\n{body}`. The signer refuses a timestamp more than
 * {@link SIGNER_CLOCK_SKEW_SECONDS} from its clock and a signature it has already seen; the nonce keeps two
 * identical requests sent in the same second (two server processes signing the same message) apart.
 */
export const SIGNER_TIMESTAMP_HEADER = 'foyer-signer-timestamp'
export const SIGNER_NONCE_HEADER = 'foyer-signer-nonce'
export const SIGNER_SIGNATURE_HEADER = 'foyer-signer-signature'
export const SIGNER_CLOCK_SKEW_SECONDS = 60

/** The server's view of the signer: in-process ({@link localSignerClient}) or a separate process. */
export type SignerClient = {
  publicKey(): Promise<string>
  verifyDelegation: Signer['verifyDelegation']
  sign: Signer['sign']
}

/** A signer in this process (tests, and the demo without `FOYER_SIGNER_URL`). */
export const localSignerClient = (signer: Signer): SignerClient => ({
  publicKey: async () => signer.publicKey,
  verifyDelegation: (input) => signer.verifyDelegation(input),
  sign: (input) => signer.sign(input),
})

/**
 * Parses the shared secret: base64 of at least 32 bytes. Throws `Error` naming `name` otherwise.
 */
export function parseSignerSecret(value: string | undefined, name = 'FOYER_SIGNER_SECRET'): Uint8Array {
  const bytes = Buffer.from(value?.trim() ?? '', 'base64')
  if (bytes.length < 32) throw new Error(`${name} must be the base64 of at least 32 random bytes`)
  return new Uint8Array(bytes)
}

/** What the signature covers. `nonce`: the nonce header, 16–64 base64url characters. */
export type SignerRequest = { timestamp: number; nonce: string; method: string; path: string; body: string }

/** The signature header's value for a request. */
export function signerRequestSignature(secret: Uint8Array, request: SignerRequest): string {
  return createHmac('sha256', secret)
    .update(`${request.timestamp}\n${request.nonce}\n${request.method}\n${request.path}\n${request.body}`)
    .digest('base64')
}

/** A fresh value for the nonce header: 16 random bytes, base64url. */
export function signerRequestNonce(): string {
  return randomBytes(16).toString('base64url')
}

/** Constant-time check of a signature header against the request. */
export function verifySignerRequest(secret: Uint8Array, request: SignerRequest, signature: string): boolean {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(request.nonce)) return false
  const expected = Buffer.from(signerRequestSignature(secret, request), 'base64')
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const bindingSchema = z.object({
  appId: z.string().min(1).max(64),
  userId: z.string().min(1).max(128),
  chainType: chainTypeSchema,
  entropyId: z.string().min(1).max(64),
  policy: z.unknown(),
  dailyLimit: z.string().max(78).nullable(),
})
const shareInputSchema = z.object({
  binding: bindingSchema,
  encryptedShare: encryptedShareSchema,
  authShare: z.string().min(1).max(512),
})
const walletSchema = z.object({
  walletIndex: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  address: z.string().max(64),
})

/** `POST /v1/delegations/verify` → `{ valid }`. */
export const verifyBodySchema = shareInputSchema.extend({ wallets: z.array(walletSchema).min(1).max(20) })

/** `POST /v1/sign` → a `SignResult`. */
export const signBodySchema = shareInputSchema.extend({
  ...walletSchema.shape,
  request: walletRpcRequestSchema,
  prepared: z
    .object({
      nonce: z.number().int().nonnegative(),
      gas: z.string().regex(/^[0-9]{1,78}$/),
      maxFeePerGas: z.string().regex(/^[0-9]{1,78}$/),
      maxPriorityFeePerGas: z.string().regex(/^[0-9]{1,78}$/),
    })
    .optional(),
})

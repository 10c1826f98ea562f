import { createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto'
import { isOriginAllowed, SIWE_NONCE_TTL_SECONDS } from '@foyer/protocol'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import {
  type Address,
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  type PublicClient,
  verifyMessage,
} from 'viem'
import { foyerError } from '../../errors/foyerError'
import type { LoadedApp } from '../apps/service'
import {
  type ParsedSignInMessage,
  parseSignInMessage,
  type SignInFamily,
  SignInMessageError,
} from './parseSignInMessage'
import type { SiweContext } from './SiweContext'
import { walletNonces } from './schema'
import { solanaPublicKey } from './solanaPublicKey'

/** How far in the future `Issued At` may be (client clock ahead of the server), in ms. */
export const ISSUED_AT_MAX_SKEW_MS = 60_000
/** How old `Issued At` may be: the nonce lifetime (a message is signed after its nonce is issued). */
export const ISSUED_AT_MAX_AGE_MS = SIWE_NONCE_TTL_SECONDS * 1000
/** ERC-1271 `isValidSignature` magic value. */
export const ERC1271_MAGIC_VALUE = '0x1626ba7e'

const familyLabel = (family: SignInFamily) => (family === 'ethereum' ? 'SIWE' : 'SIWS')

/**
 * Throws 403 `disallowed_login_method` unless the app has `wallet_auth` (Ethereum) or
 * `solana_wallet_auth` (Solana) on.
 */
export function assertWalletLoginAllowed(app: LoadedApp, family: SignInFamily): void {
  if (family === 'ethereum' && !app.settings.wallet_auth) throw foyerError('walletLoginNotAllowed')
  if (family === 'solana' && !app.settings.solana_wallet_auth) throw foyerError('solanaWalletLoginNotAllowed')
}

/** The canonical stored form of an address: lower-case for Ethereum, base58 as is for Solana. */
export function canonicalAddress(family: SignInFamily, address: string): string {
  return family === 'ethereum' ? address.toLowerCase() : address
}

/**
 * Issues a single-use nonce (128 CSPRNG bits, 32 hex characters; docs/security.md property 38) for `address`
 * on `app`, expiring after {@link SIWE_NONCE_TTL_SECONDS}. Expired nonces of the app are swept on the way.
 */
export async function issueNonce(
  context: SiweContext,
  parameters: { appId: string; family: SignInFamily; address: string },
): Promise<{ nonce: string; expiresAt: Date }> {
  const now = new Date(context.now())
  const expiresAt = new Date(now.getTime() + SIWE_NONCE_TTL_SECONDS * 1000)
  const nonce = randomBytes(16).toString('hex')
  await context.db.orm
    .delete(walletNonces)
    .where(and(eq(walletNonces.appId, parameters.appId), lt(walletNonces.expiresAt, now)))
  await context.db.orm.insert(walletNonces).values({
    nonce,
    appId: parameters.appId,
    chainType: parameters.family,
    address: canonicalAddress(parameters.family, parameters.address),
    createdAt: now,
    expiresAt,
  })
  return { nonce, expiresAt }
}

function nonceConditions(
  context: SiweContext,
  parameters: { appId: string; family: SignInFamily; address: string; nonce: string },
) {
  return and(
    eq(walletNonces.nonce, parameters.nonce),
    eq(walletNonces.appId, parameters.appId),
    eq(walletNonces.chainType, parameters.family),
    eq(walletNonces.address, canonicalAddress(parameters.family, parameters.address)),
    isNull(walletNonces.consumedAt),
    gt(walletNonces.expiresAt, new Date(context.now())),
  )
}

const invalidNonce = () => foyerError('invalidNonce')

/** Throws 401 `invalid_credentials` 'Invalid or expired nonce' unless the nonce is live for (app, family, address). */
export async function assertNonceLive(
  context: SiweContext,
  parameters: { appId: string; family: SignInFamily; address: string; nonce: string },
): Promise<void> {
  const [row] = await context.db.orm
    .select({ nonce: walletNonces.nonce })
    .from(walletNonces)
    .where(nonceConditions(context, parameters))
    .limit(1)
  if (!row) throw invalidNonce()
}

/**
 * Consumes the nonce in one statement (`UPDATE … WHERE consumed_at IS NULL AND expires_at > now …
 * RETURNING`), so of N parallel uses exactly one wins; the others get 401 'Invalid or expired nonce'.
 */
export async function consumeNonce(
  context: SiweContext,
  parameters: { appId: string; family: SignInFamily; address: string; nonce: string },
): Promise<void> {
  const rows = await context.db.orm
    .update(walletNonces)
    .set({ consumedAt: new Date(context.now()) })
    .where(nonceConditions(context, parameters))
    .returning({ nonce: walletNonces.nonce })
  if (rows.length !== 1) throw invalidNonce()
}

/**
 * Parses `message` strictly (400 `invalid_data` 'Invalid SIWE message: …') and checks it against the
 * request (401 `invalid_credentials`; docs/security.md properties 39, 40):
 * - `origin` is present (403 `missing_origin`) and one of the app's allowed origins (403 `invalid_origin`);
 * - the message domain is the origin's host, its optional scheme the origin's scheme, and the URI's origin
 *   the request origin;
 * - SIWE: the Chain ID equals `chainId`;
 * - `Issued At` at most {@link ISSUED_AT_MAX_SKEW_MS} ahead and {@link ISSUED_AT_MAX_AGE_MS} old,
 *   `Expiration Time` after now, `Not Before` at or before now — each on its own, with `now`.
 */
export function checkSignInMessage(parameters: {
  family: SignInFamily
  message: string
  origin: string | undefined
  allowedOrigins: readonly string[]
  /** SIWE only: the body's chain id as a decimal string. */
  chainId?: string
  now: number
}): ParsedSignInMessage {
  const { family, origin, now } = parameters
  if (origin === undefined) throw foyerError('missingOriginHeader')
  if (!isOriginAllowed(parameters.allowedOrigins, origin)) throw foyerError('originNotAllowed', { origin })
  let parsed: ParsedSignInMessage
  try {
    parsed = parseSignInMessage(parameters.message, family)
  } catch (error) {
    if (error instanceof SignInMessageError)
      throw foyerError('invalidSignInMessage', { family: familyLabel(family), reason: error.message })
    throw error
  }
  const originUrl = new URL(origin)
  if (parsed.domain !== originUrl.host) throw foyerError('messageDomainMismatch')
  if (parsed.scheme !== undefined && `${parsed.scheme.toLowerCase()}:` !== originUrl.protocol)
    throw foyerError('messageDomainMismatch')
  let uriOrigin: string | null = null
  try {
    uriOrigin = new URL(parsed.uri).origin
  } catch {
    uriOrigin = null
  }
  if (uriOrigin !== originUrl.origin) throw foyerError('messageUriMismatch')
  if (family === 'ethereum' && parsed.chainId !== parameters.chainId)
    throw foyerError('messageChainIdMismatch')
  checkTimes(parsed.times, now)
  return parsed
}

/** Checks the three times independently against `now` (ms); see {@link checkSignInMessage}. */
export function checkTimes(times: ParsedSignInMessage['times'], now: number): void {
  if (times.issuedAt > now + ISSUED_AT_MAX_SKEW_MS) throw foyerError('messageIssuedInFuture')
  if (times.issuedAt < now - ISSUED_AT_MAX_AGE_MS) throw foyerError('messageTooOld')
  if (times.expirationTime !== undefined && now >= times.expirationTime) throw foyerError('messageExpired')
  if (times.notBefore !== undefined && now < times.notBefore) throw foyerError('messageNotYetValid')
}

const erc1271Abi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: 'magicValue', type: 'bytes4' }],
  },
] as const

const publicClients = new WeakMap<SiweContext, Map<number, PublicClient>>()

/** A cached JSON-RPC client for `chainId` from `siwe({ evmRpcUrls })` (5 s timeout, no retry); null without a URL. */
export function publicClientFor(context: SiweContext, chainId: number): PublicClient | null {
  const url = context.evmRpcUrls[chainId]
  if (!url) return null
  let clients = publicClients.get(context)
  if (!clients) {
    clients = new Map()
    publicClients.set(context, clients)
  }
  let client = clients.get(chainId)
  if (!client) {
    client = createPublicClient({ transport: http(url, { timeout: 5_000, retryCount: 0 }) }) as PublicClient
    clients.set(chainId, client)
  }
  return client
}

/**
 * True when `signature` proves `address` signed `message` (docs/security.md property 42): an EOA signature
 * per ERC-191 (`personal_sign`, recovered locally), else — when the server has an RPC URL for `chainId` — a
 * contract wallet whose ERC-1271 `isValidSignature(hashMessage(message), signature)` returns 0x1626ba7e.
 * RPC errors and reverts count as invalid.
 */
export async function verifyEthereumSignature(
  context: SiweContext,
  parameters: { address: string; message: string; signature: string; chainId: number },
): Promise<boolean> {
  const address = parameters.address as Address
  const signature = parameters.signature as Hex
  const eoa = await verifyMessage({ address, message: parameters.message, signature }).catch(() => false)
  if (eoa) return true
  const client = publicClientFor(context, parameters.chainId)
  if (!client) return false
  try {
    const result = await client.readContract({
      address,
      abi: erc1271Abi,
      functionName: 'isValidSignature',
      args: [hashMessage(parameters.message), signature],
    })
    return result.toLowerCase() === ERC1271_MAGIC_VALUE
  } catch {
    return false
  }
}

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * True when `signatureBase64` (64 bytes) is a valid ed25519 signature by the Solana `address` (base58 of
 * the 32-byte public key) over the UTF-8 bytes of `message` (docs/security.md property 43).
 */
export function verifySolanaSignature(parameters: {
  address: string
  message: string
  signatureBase64: string
}): boolean {
  const publicKey = solanaPublicKey(parameters.address)
  const signature = Buffer.from(parameters.signatureBase64, 'base64')
  if (publicKey === null || signature.length !== 64) return false
  try {
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]),
      format: 'der',
      type: 'spki',
    })
    return verifySignature(null, Buffer.from(parameters.message, 'utf8'), key, signature)
  } catch {
    return false
  }
}

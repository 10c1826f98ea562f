import { base58 } from '@scure/base'
import nacl from 'tweetnacl'
import type { BaseError } from '../../errors/BaseError'
import { translateWalletError } from '../errors/translateWalletError'
import { WalletConnectionError } from '../errors/WalletConnectionError'

/** Phantom's universal-link base (docs/external-wallets.md "Phantom on a phone"). */
export const PHANTOM_LINK_BASE_URL = 'https://phantom.app/ul/v1'

/** The Solana cluster a Phantom link session uses (Phantom's `cluster` parameter). */
export type PhantomCluster = 'mainnet-beta' | 'testnet' | 'devnet'

/**
 * The dapp's half of a Phantom link session: a fresh x25519 key pair per `connect` (32-byte keys), and
 * after the connect response the shared secret (`nacl.box.before`) and Phantom's `session` token.
 */
export type PhantomLinkKeys = {
  /** x25519 public key, 32 bytes; sent base58-encoded as `dapp_encryption_public_key`. */
  publicKey: Uint8Array
  /** x25519 secret key, 32 bytes; never leaves the page. */
  secretKey: Uint8Array
}

/** What a connect response gives the dapp (docs/external-wallets.md "Phantom on a phone"). */
export type PhantomLinkSession = {
  /** The connected Solana address (base58). */
  address: string
  /** Phantom's session token, sent back in every later payload. */
  session: string
  /** The 32-byte shared secret (`nacl.box.before(phantom_encryption_public_key, dapp secret key)`). */
  sharedSecret: Uint8Array
  /** The dapp's x25519 public key of this session. */
  dappPublicKey: Uint8Array
}

/** Creates the x25519 key pair of a new Phantom link session (`nacl.box.keyPair`). */
export function createPhantomLinkKeys(): PhantomLinkKeys {
  return nacl.box.keyPair()
}

/** Encrypts `value` as JSON for Phantom: `nacl.box.after` with a fresh 24-byte nonce; both base58. */
export function encryptPhantomPayload(
  value: unknown,
  sharedSecret: Uint8Array,
): { nonce: string; payload: string } {
  const nonce = nacl.randomBytes(nacl.box.nonceLength)
  const sealed = nacl.box.after(new TextEncoder().encode(JSON.stringify(value)), nonce, sharedSecret)
  return { nonce: base58.encode(nonce), payload: base58.encode(sealed) }
}

/**
 * Decrypts a base58 `data`/`payload` with its base58 `nonce` and parses the JSON.
 *
 * @throws WalletConnectionError when a value is not base58, the nonce is not 24 bytes, the box does not
 *   open with `sharedSecret`, or the plaintext is not a JSON object.
 */
export function decryptPhantomPayload(
  data: string,
  nonce: string,
  sharedSecret: Uint8Array,
): Record<string, unknown> {
  let opened: Uint8Array | null = null
  try {
    const nonceBytes = base58.decode(nonce)
    if (nonceBytes.length === nacl.box.nonceLength)
      opened = nacl.box.open.after(base58.decode(data), nonceBytes, sharedSecret)
  } catch {}
  if (!opened)
    throw new WalletConnectionError({ details: 'Phantom returned a payload that does not decrypt.' })
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder().decode(opened))
  } catch {}
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new WalletConnectionError({ details: 'Phantom returned a payload that is not a JSON object.' })
  }
  return parsed as Record<string, unknown>
}

function linkUrl(baseUrl: string, method: string, params: Record<string, string>): string {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/${method}`)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

/**
 * The `connect` universal link: `{baseUrl}/connect?app_url=…&dapp_encryption_public_key=…&redirect_link=…&cluster=…`.
 *
 * @param parameters.appUrl - the app's URL (Phantom reads its metadata and stores it in the session)
 * @param parameters.redirectLink - where Phantom sends the user back; the response is appended to its query
 * @param parameters.baseUrl - defaults to {@link PHANTOM_LINK_BASE_URL} (a test stand-in's in tests)
 */
export function phantomConnectLink(parameters: {
  keys: PhantomLinkKeys
  appUrl: string
  redirectLink: string
  cluster?: PhantomCluster | undefined
  baseUrl?: string | undefined
}): string {
  return linkUrl(parameters.baseUrl ?? PHANTOM_LINK_BASE_URL, 'connect', {
    app_url: parameters.appUrl,
    dapp_encryption_public_key: base58.encode(parameters.keys.publicKey),
    redirect_link: parameters.redirectLink,
    cluster: parameters.cluster ?? 'mainnet-beta',
  })
}

/** Phantom's `errorCode`/`errorMessage` on a redirect, as Foyer's error (4001 → the user refused). */
function responseError(params: URLSearchParams): BaseError | undefined {
  const code = params.get('errorCode')
  if (code === null) return undefined
  const numeric = Number(code)
  return translateWalletError(
    Object.assign(new Error(params.get('errorMessage') ?? 'Phantom error'), {
      code: Number.isNaN(numeric) ? code : numeric,
    }),
  )
}

/**
 * Reads the connect response Phantom appended to the redirect link: `phantom_encryption_public_key`, `nonce`
 * and `data` (the encrypted `{ public_key, session }`), or `errorCode`/`errorMessage`.
 *
 * @throws UserRejectedRequestError when the user declined (code 4001); WalletConnectionError for another
 *   Phantom error or a response that is missing a field or does not decrypt.
 */
export function readPhantomConnectResponse(redirectedUrl: string, keys: PhantomLinkKeys): PhantomLinkSession {
  const params = new URL(redirectedUrl).searchParams
  const error = responseError(params)
  if (error) throw error
  const phantomKey = params.get('phantom_encryption_public_key')
  const nonce = params.get('nonce')
  const data = params.get('data')
  if (!phantomKey || !nonce || !data)
    throw new WalletConnectionError({ details: 'Phantom returned an incomplete connect response.' })
  let phantomPublicKey: Uint8Array
  try {
    phantomPublicKey = base58.decode(phantomKey)
  } catch (cause) {
    throw new WalletConnectionError({ details: 'Phantom returned an invalid encryption key.', cause })
  }
  if (phantomPublicKey.length !== nacl.box.publicKeyLength)
    throw new WalletConnectionError({ details: 'Phantom returned an invalid encryption key.' })
  const sharedSecret = nacl.box.before(phantomPublicKey, keys.secretKey)
  const body = decryptPhantomPayload(data, nonce, sharedSecret)
  if (typeof body.public_key !== 'string' || typeof body.session !== 'string') {
    throw new WalletConnectionError({ details: 'Phantom returned an incomplete connect response.' })
  }
  return { address: body.public_key, session: body.session, sharedSecret, dappPublicKey: keys.publicKey }
}

function signLink(
  session: PhantomLinkSession,
  method: string,
  body: Record<string, unknown>,
  redirectLink: string,
  baseUrl?: string | undefined,
): string {
  const { nonce, payload } = encryptPhantomPayload(
    { ...body, session: session.session },
    session.sharedSecret,
  )
  return linkUrl(baseUrl ?? PHANTOM_LINK_BASE_URL, method, {
    dapp_encryption_public_key: base58.encode(session.dappPublicKey),
    nonce,
    redirect_link: redirectLink,
    payload,
  })
}

/** The `signMessage` universal link; the payload is the encrypted `{ message (base58), session, display }`. */
export function phantomSignMessageLink(parameters: {
  session: PhantomLinkSession
  message: Uint8Array
  display?: 'utf8' | 'hex' | undefined
  redirectLink: string
  baseUrl?: string | undefined
}): string {
  const { session, message, display = 'utf8', redirectLink, baseUrl } = parameters
  return signLink(session, 'signMessage', { message: base58.encode(message), display }, redirectLink, baseUrl)
}

/** The `signTransaction` universal link; the payload is the encrypted `{ transaction (base58 wire bytes), session }`. */
export function phantomSignTransactionLink(parameters: {
  session: PhantomLinkSession
  transaction: Uint8Array
  redirectLink: string
  baseUrl?: string | undefined
}): string {
  const { session, transaction, redirectLink, baseUrl } = parameters
  return signLink(
    session,
    'signTransaction',
    { transaction: base58.encode(transaction) },
    redirectLink,
    baseUrl,
  )
}

/**
 * Reads a `signMessage` or `signTransaction` response from the redirect link: `nonce` and `data`, decrypted
 * with the session's shared secret; `signature` (base58, 64 bytes) or `transaction` (base58 wire bytes).
 *
 * @returns the decoded bytes: the 64-byte signature, or the signed transaction's wire bytes
 * @throws UserRejectedRequestError (4001) or WalletConnectionError, as {@link readPhantomConnectResponse}
 */
export function readPhantomSignResponse(
  redirectedUrl: string,
  session: PhantomLinkSession,
  field: 'signature' | 'transaction',
): Uint8Array {
  const params = new URL(redirectedUrl).searchParams
  const error = responseError(params)
  if (error) throw error
  const nonce = params.get('nonce')
  const data = params.get('data')
  if (!nonce || !data)
    throw new WalletConnectionError({ details: 'Phantom returned an incomplete response.' })
  const value = decryptPhantomPayload(data, nonce, session.sharedSecret)[field]
  let bytes: Uint8Array | undefined
  try {
    if (typeof value === 'string') bytes = base58.decode(value)
  } catch {}
  if (!bytes || (field === 'signature' && bytes.length !== nacl.sign.signatureLength)) {
    throw new WalletConnectionError({ details: `Phantom returned an invalid ${field}.` })
  }
  return bytes
}

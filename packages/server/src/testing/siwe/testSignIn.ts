import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { type SiweInitResponse, siweInitResponseSchema } from '@foyer/protocol'
import { base58 } from '@scure/base'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import type { Address } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { expect } from 'vitest'
import type { TestContext } from '../../test/createTestContext'

/** The origin the wallet sign-ins come from (the demo app and the tests' apps allow it). */
const ORIGIN = 'http://localhost:5173'

/** Which app and session `POST /api/v1/{siwe,siws}/init` runs for (demo app, no session by default). */
export type TestSignInOptions = { appId?: string | undefined; bearer?: string | undefined }

/** Fields of the SIWE message to change from {@link testSignIn}'s defaults. */
export type SiweOverrides = Partial<Parameters<typeof createSiweMessage>[0]>

/** Fields of the SIWS message to change from {@link testSignIn}'s defaults (`undefined` drops one). */
export type SiwsOverrides = Record<string, string | undefined>

/** An ed25519 key and its Solana address (base58 of the 32-byte public key). */
export type SolanaKey = { address: string; privateKey: KeyObject }

/**
 * Test support for Sign-In with Ethereum (ERC-4361) and with Solana: keys, messages this server accepts
 * from `http://localhost:5173` (domain `localhost:5173`, version 1, chain 1 or mainnet, issued at the
 * test clock's now) over fresh nonces, and the wallets' signatures over them.
 *
 * @param context - the test context; a function, so the helpers can be made before `beforeAll` sets it.
 * @returns the helpers, to destructure at the top of a test file.
 * @example
 * let t: TestContext
 * const { signedSiwe } = testSignIn(() => t)
 * const response = await post('/api/v1/siwe/authenticate', { ...(await signedSiwe()), chainId: 1 })
 */
export function testSignIn(context: () => TestContext) {
  const newAccount = () => privateKeyToAccount(generatePrivateKey())

  function solanaKey(): SolanaKey {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    return {
      address: base58.encode(publicKey.export({ format: 'der', type: 'spki' }).subarray(12)),
      privateKey,
    }
  }

  /** An ed25519 signature over the UTF-8 `message`, base64 (as `solana:signIn` returns it). */
  const signText = (message: string, key: KeyObject) =>
    sign(null, Buffer.from(message, 'utf8'), key).toString('base64')

  /** `POST /api/v1/{family}/init` for `address` from `ORIGIN`; expects 200. */
  async function init(
    family: 'siwe' | 'siws',
    address: string,
    options: TestSignInOptions = {},
  ): Promise<SiweInitResponse> {
    const response = await context().request({
      method: 'POST',
      url: `/api/v1/${family}/init`,
      json: { address },
      headers: { origin: ORIGIN },
      appId: options.appId,
      bearer: options.bearer,
    })
    expect(response.statusCode, response.body).toBe(200)
    return siweInitResponseSchema.parse(response.json())
  }

  /** A SIWE message for `address` and `nonce` that this server accepts from `ORIGIN` on chain 1, issued now. */
  function siweText(address: Address, nonce: string, overrides: SiweOverrides = {}) {
    return createSiweMessage({
      domain: 'localhost:5173',
      address,
      uri: ORIGIN,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: new Date(context().now()),
      ...overrides,
    })
  }

  /** {@link siweText} for `account` with a fresh nonce from `POST /api/v1/siwe/init`. */
  async function siweMessage(
    account: PrivateKeyAccount,
    overrides: SiweOverrides = {},
    options?: TestSignInOptions,
  ) {
    const { nonce } = await init('siwe', account.address, options)
    return siweText(account.address, nonce, overrides)
  }

  /** A fresh {@link siweMessage} for `account` and the account's signature over it. */
  async function signedSiwe(
    account = newAccount(),
    overrides: SiweOverrides = {},
    options?: TestSignInOptions,
  ) {
    const message = await siweMessage(account, overrides, options)
    return { message, signature: await account.signMessage({ message }) }
  }

  /** A SIWS message for `address` and `nonce`, as the wallet-standard `solana:signIn` writes it, issued now. */
  function siwsText(address: string, nonce: string, overrides: SiwsOverrides = {}) {
    return createSignInMessageText({
      domain: 'localhost:5173',
      address,
      statement: 'Sign in to Foyer',
      uri: ORIGIN,
      version: '1',
      chainId: 'mainnet',
      nonce,
      issuedAt: new Date(context().now()).toISOString(),
      ...overrides,
    })
  }

  /** {@link siwsText} for `address` with a fresh nonce from `POST /api/v1/siws/init`. */
  async function siwsMessage(address: string, overrides: SiwsOverrides = {}, options?: TestSignInOptions) {
    const { nonce } = await init('siws', address, options)
    return siwsText(address, nonce, overrides)
  }

  /** A fresh {@link siwsMessage} for `key` and the key's signature over it. */
  async function signedSiws(key = solanaKey(), overrides: SiwsOverrides = {}, options?: TestSignInOptions) {
    const message = await siwsMessage(key.address, overrides, options)
    return { message, signature: signText(message, key.privateKey) }
  }

  return {
    newAccount,
    solanaKey,
    signText,
    init,
    siweText,
    siweMessage,
    signedSiwe,
    siwsText,
    siwsMessage,
    signedSiws,
  }
}

import { userSchema } from '@foyer/protocol'
import { toSafeSmartAccount } from 'permissionless/accounts'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  isErc6492Signature,
  type PublicClient,
} from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installAa } from '../../../../../aa/install.mjs'
import { deployEntryPoints } from '../../../../../scripts/devchain/deployEntryPoints'
import { deploySafe } from '../../../../../scripts/devchain/deploySafe'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { createAppRecord } from '../apps/service'
import { siwe } from '../siwe/method'

/**
 * `POST /api/v1/siwe/link_smart_wallet` on a real anvil with EntryPoint v0.7, Safe 1.4.1 and the Safe 4337
 * module (docs/smart-wallets.md#linking): the accounts are permissionless's Safe, signing through viem's
 * smart-account `signMessage` (ERC-6492 while undeployed, ERC-1271 after).
 */
const ORIGIN = 'http://localhost:5173'
/** anvil's first funded account (its well-known development key): pays the deployments. */
const ANVIL_KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

let anvil: Anvil
let t: TestContext
let publicClient: PublicClient
let appId: string
let disabledAppId: string

beforeAll(async () => {
  await installAa()
}, 600_000)

beforeAll(async () => {
  anvil = await startAnvil()
  await deployEntryPoints({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_KEY_0 })
  await deploySafe({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_KEY_0 })
  publicClient = createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl), pollingInterval: 50 })
  t = await createTestContext({ methods: [siwe({ evmRpcUrls: { 31337: anvil.rpcUrl } })] })
  const network = {
    chain_id: 'eip155:31337',
    bundler_url: 'http://127.0.0.1:4337',
    paymaster_url: null,
    paymaster_context: null,
  }
  const app = await createAppRecord(t.db, {
    name: 'Smart wallets',
    allowedOrigins: [ORIGIN],
    settings: {
      smart_wallet_config: { enabled: true, smart_wallet_type: 'safe', configured_networks: [network] },
    },
    masterKey: t.masterKey,
  })
  appId = app.id
  const disabled = await createAppRecord(t.db, {
    name: 'No smart wallets',
    allowedOrigins: [ORIGIN],
    // Wallet sign-in on, so that siwe/init gives a nonce and the link's own check answers.
    settings: { wallet_auth: true },
    masterKey: t.masterKey,
  })
  disabledAppId = disabled.id
}, 90_000)

afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

/** A Safe 1.4.1 (EntryPoint v0.7, the Safe 4337 module) of a fresh owner key, not deployed. */
async function safeAccount(ownerKey: Hex = generatePrivateKey()) {
  return toSafeSmartAccount({
    client: publicClient,
    owners: [privateKeyToAccount(ownerKey)],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
  })
}

/** A SIWE message for `address` on `chainId` with a fresh nonce from `siwe/init` in the app. */
async function siweMessage(address: Address, options: { app?: string; chainId?: number } = {}) {
  const init = await t.request({
    method: 'POST',
    url: '/api/v1/siwe/init',
    json: { address },
    headers: { origin: ORIGIN },
    appId: options.app ?? appId,
  })
  expect(init.statusCode, init.body).toBe(200)
  return createSiweMessage({
    domain: 'localhost:5173',
    address,
    uri: ORIGIN,
    version: '1',
    chainId: options.chainId ?? 31337,
    nonce: init.json().nonce,
    issuedAt: new Date(t.now()),
  })
}

async function link(
  token: string,
  body: { message: string; signature: string; smart_wallet_type: string; smart_wallet_version?: string },
  app = appId,
) {
  return t.request({
    method: 'POST',
    url: '/api/v1/siwe/link_smart_wallet',
    json: body,
    headers: { origin: ORIGIN },
    bearer: token,
    appId: app,
  })
}

/** A fresh user's access token in the app. */
async function signedIn(app = appId): Promise<string> {
  const { token } = await t.signIn(undefined, app)
  if (!token) throw new Error('the sign-in answered no token')
  return token
}

describe('POST /api/v1/siwe/link_smart_wallet', () => {
  test('default: an undeployed Safe signs through ERC-6492; the user has a smart_wallet account, and nothing was deployed', async () => {
    const token = await signedIn()
    const account = await safeAccount()
    const message = await siweMessage(account.address)
    const signature = await account.signMessage({ message })
    expect(isErc6492Signature(signature)).toBe(true)

    const response = await link(token, {
      message,
      signature,
      smart_wallet_type: 'safe',
      smart_wallet_version: '1.4.1',
    })

    expect(response.statusCode, response.body).toBe(200)
    const user = userSchema.parse(response.json())
    expect(user.linked_accounts.filter((entry) => entry.type === 'smart_wallet')).toEqual([
      expect.objectContaining({
        type: 'smart_wallet',
        address: account.address,
        smart_wallet_type: 'safe',
        smart_wallet_version: '1.4.1',
      }),
    ])
    // The check simulated the factory call: the account is still undeployed.
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
    // The nonce was spent: the same message and signature again are refused.
    const replay = await link(token, { message, signature, smart_wallet_type: 'safe' })
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ error: 'Invalid or expired nonce', code: 'invalid_credentials' })
  }, 30_000)

  test('default: a deployed Safe signs through ERC-1271', async () => {
    const token = await signedIn()
    const account = await safeAccount()
    const { factory, factoryData } = await account.getFactoryArgs()
    const deployer = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEY_0),
      chain: anvilChain,
      transport: http(anvil.rpcUrl),
    })
    await publicClient.waitForTransactionReceipt({
      hash: await deployer.sendTransaction({ to: factory as Address, data: factoryData as Hex }),
    })
    expect(await publicClient.getCode({ address: account.address })).toBeDefined()
    const message = await siweMessage(account.address)
    const signature = await account.signMessage({ message })
    expect(isErc6492Signature(signature)).toBe(false)

    const response = await link(token, { message, signature, smart_wallet_type: 'safe' })

    expect(response.statusCode, response.body).toBe(200)
    const smartWallet = userSchema
      .parse(response.json())
      .linked_accounts.find((entry) => entry.type === 'smart_wallet')
    expect(smartWallet).toMatchObject({ address: account.address, smart_wallet_type: 'safe' })
    expect(smartWallet).not.toHaveProperty('smart_wallet_version')
  }, 30_000)

  test('error: a signature by another owner → 401 Invalid signature; the nonce stays live', async () => {
    const token = await signedIn()
    const account = await safeAccount()
    const impostor = await safeAccount()
    const message = await siweMessage(account.address)
    // A valid ERC-6492 signature, but of another account's owner (its deployment data names that owner).
    const wrongOwner = await impostor.signMessage({ message })

    const response = await link(token, { message, signature: wrongOwner, smart_wallet_type: 'safe' })

    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'Invalid signature', code: 'invalid_credentials' })
    const retried = await link(token, {
      message,
      signature: await account.signMessage({ message }),
      smart_wallet_type: 'safe',
    })
    expect(retried.statusCode, retried.body).toBe(200)
  }, 30_000)

  test("error: another user's smart wallet → 400 linked_to_another_user; a second smart wallet → 400 cannot_link_more_of_type", async () => {
    const account = await safeAccount()
    const first = await signedIn()
    const firstMessage = await siweMessage(account.address)
    const linked = await link(first, {
      message: firstMessage,
      signature: await account.signMessage({ message: firstMessage }),
      smart_wallet_type: 'safe',
    })
    expect(linked.statusCode, linked.body).toBe(200)

    const second = await signedIn()
    const message = await siweMessage(account.address)
    const response = await link(second, {
      message,
      signature: await account.signMessage({ message }),
      smart_wallet_type: 'safe',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'This account has already been linked to another user.',
      code: 'linked_to_another_user',
    })

    const another = await safeAccount()
    const anotherMessage = await siweMessage(another.address)
    const more = await link(first, {
      message: anotherMessage,
      signature: await another.signMessage({ message: anotherMessage }),
      smart_wallet_type: 'safe',
    })
    expect(more.statusCode).toBe(400)
    expect(more.json()).toEqual({
      error: 'User already has an account of type smart_wallet linked.',
      code: 'cannot_link_more_of_type',
    })
  }, 30_000)

  test("error: a type that is not the app's → 400 invalid_data; an unknown type → 400 invalid_data", async () => {
    const token = await signedIn()
    const account = await safeAccount()
    const message = await siweMessage(account.address)
    const signature = await account.signMessage({ message })

    const wrongType = await link(token, { message, signature, smart_wallet_type: 'kernel' })
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json()).toEqual({
      error: "Smart wallet type kernel is not the app's smart wallet type (safe).",
      code: 'invalid_data',
    })
    const unknownType = await link(token, { message, signature, smart_wallet_type: 'argent' })
    expect(unknownType.statusCode).toBe(400)
    expect(unknownType.json().code).toBe('invalid_data')
  }, 30_000)

  test('error: an EOA signing for itself is not a smart wallet → 401', async () => {
    const token = await signedIn()
    const eoa = privateKeyToAccount(generatePrivateKey())
    const message = await siweMessage(eoa.address)

    const response = await link(token, {
      message,
      signature: await eoa.signMessage({ message }),
      smart_wallet_type: 'safe',
    })

    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      error:
        'The address is not a smart wallet: it has no code and the signature carries no deployment (ERC-6492).',
      code: 'invalid_credentials',
    })
  }, 30_000)

  test('error: a chain the app has not configured → 400; an app without smart wallets → 400 not_supported', async () => {
    const token = await signedIn()
    const account = await safeAccount()
    const message = await siweMessage(account.address, { chainId: 1 })
    const otherChain = await link(token, {
      message,
      signature: await account.signMessage({ message }),
      smart_wallet_type: 'safe',
    })
    expect(otherChain.statusCode).toBe(400)
    expect(otherChain.json()).toEqual({
      error: 'Smart wallets are not configured on chain 1 for this app.',
      code: 'invalid_data',
    })

    const elsewhere = await signedIn(disabledAppId)
    const disabledMessage = await siweMessage(account.address, { app: disabledAppId })
    const disabled = await link(
      elsewhere,
      {
        message: disabledMessage,
        signature: await account.signMessage({ message: disabledMessage }),
        smart_wallet_type: 'safe',
      },
      disabledAppId,
    )
    expect(disabled.statusCode).toBe(400)
    expect(disabled.json()).toEqual({
      error: 'Smart wallets are not enabled for this app.',
      code: 'not_supported',
    })
  }, 30_000)

  test('GET /api/v1/apps/{appId}/smart_wallets: the configuration, or { enabled: false }', async () => {
    const configured = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${appId}/smart_wallets`,
      appId: null,
    })
    expect(configured.statusCode).toBe(200)
    expect(configured.json()).toEqual({
      enabled: true,
      smart_wallet_type: 'safe',
      configured_networks: [{ chain_id: 'eip155:31337', bundler_url: 'http://127.0.0.1:4337' }],
    })
    const disabled = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${disabledAppId}/smart_wallets`,
      appId: null,
    })
    expect(disabled.json()).toEqual({ enabled: false })
  })
})

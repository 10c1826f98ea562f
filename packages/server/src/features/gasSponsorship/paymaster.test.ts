import { simple7702AccountAddress } from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import {
  type Address,
  createPublicClient,
  custom,
  type Hex,
  http,
  type PublicClient,
  parseAbiItem,
  parseEventLogs,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Address,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installAa } from '../../../../../aa/install.mjs'
import { deployVerifyingPaymaster } from '../../../../../scripts/devchain/deployVerifyingPaymaster'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { type LocalBundler, startBundler } from '../../../../../scripts/devchain/startBundler'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { giveEmbeddedWallet } from '../../test/giveEmbeddedWallet'
import { type AppStore, updateAppSettings } from '../apps/service'
import { gasSponsorship } from './plugin'
import { gasSponsorshipSpending, gasSponsorships } from './schema'
import { userIdOf } from './testRecord'

// The app's verifying paymaster (docs/gas-sponsorship.md) on anvil with the local bundler: Pimlico's
// SingletonPaymasterV8 whose signer is the app's sealed key, an embedded EOA delegating to Simple7702Account
// with EIP-7702 in its first operation, and the per-user daily limit.

const userOperationEvent = parseAbiItem(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)
const signerKey = generatePrivateKey()
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let t: TestContext
let appStore: AppStore
let anvil: Anvil
let bundler: LocalBundler
let publicClient: PublicClient
let paymaster: Address

async function setSponsorship(settings: { daily_limit_wei_per_user?: string | null; on?: boolean } = {}) {
  await updateAppSettings(
    t.db,
    t.demoApp.id,
    {
      gas_sponsorship: {
        paymaster_address: settings.on === false ? null : paymaster,
        signer_private_key: signerKey,
        chain_ids: [31337],
        daily_limit_wei_per_user:
          settings.daily_limit_wei_per_user === undefined ? null : settings.daily_limit_wei_per_user,
      },
    },
    t.masterKey,
  )
  appStore.clear()
}

beforeAll(async () => {
  await installAa()
}, 600_000)

beforeAll(async () => {
  anvil = await startAnvil()
  bundler = await startBundler({ anvilRpcUrl: anvil.rpcUrl, paymaster: false, startTimeoutMs: 90_000 })
  paymaster = await deployVerifyingPaymaster({
    anvilRpcUrl: anvil.rpcUrl,
    signer: privateKeyToAccount(signerKey).address,
  })
  publicClient = createPublicClient({
    chain: anvilChain,
    transport: http(anvil.rpcUrl),
    pollingInterval: 100,
  })
  const feature = gasSponsorship({ rpcUrls: { 31337: anvil.rpcUrl } })
  t = await createTestContext({
    features: [
      {
        ...feature,
        routes: async (app, options) => {
          appStore = options.context.apps
          await feature.routes(app, options)
        },
      },
    ],
  })
}, 180_000)

afterAll(async () => {
  await t?.close()
  await bundler?.stop()
  await anvil?.stop()
})

/** A signed-in user whose embedded Ethereum wallet is a fresh key holding 0 ETH. */
async function userWithWallet() {
  const auth = await t.signInAsGuest()
  const owner = privateKeyToAccount(generatePrivateKey())
  await giveEmbeddedWallet(t.db, {
    appId: t.demoApp.id,
    userId: userIdOf(auth),
    chainType: 'ethereum',
    now: new Date(t.now()),
    address: owner.address,
  })
  return { auth, owner, userId: userIdOf(auth) }
}

/** `POST /api/v1/gas_sponsorship/paymaster` as `bearer`: the JSON-RPC answer's result, or the HTTP error. */
async function callPaymaster(bearer: string, body: object) {
  return t.request({ method: 'POST', url: '/api/v1/gas_sponsorship/paymaster', bearer, json: body })
}

/** The user's Simple7702Account over the bundler, its paymaster the server's endpoint. */
async function sponsoredClient(user: Awaited<ReturnType<typeof userWithWallet>>) {
  const account = await toSimple7702SmartAccount({ client: publicClient, owner: user.owner })
  const transport = custom({
    async request({ method, params }) {
      const response = await callPaymaster(user.auth.token as string, {
        jsonrpc: '2.0',
        id: 1,
        method,
        params,
      })
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`)
      return response.json().result
    },
  })
  return createBundlerClient({
    account,
    client: publicClient,
    transport: http(bundler.bundlerUrl),
    paymaster: createPaymasterClient({ transport }),
  })
}

/** The user's EIP-7702 authorization (account nonce `nonce`) delegating its EOA to Simple7702Account on 31337. */
function delegateToSimple7702(user: Awaited<ReturnType<typeof userWithWallet>>, nonce: number) {
  return user.owner.signAuthorization({ contractAddress: simple7702AccountAddress, chainId: 31337, nonce })
}

describe('the verifying paymaster endpoint on anvil', () => {
  test('default: an embedded EOA holding 0 ETH delegates to Simple7702Account and sends, the paymaster pays; the sponsorship is recorded', async () => {
    await setSponsorship()
    const user = await userWithWallet()
    const client = await sponsoredClient(user)

    const authorization = await delegateToSimple7702(
      user,
      await publicClient.getTransactionCount({ address: user.owner.address }),
    )
    const hash = await client.sendUserOperation({ calls: [{ to: RECIPIENT, value: 0n }], authorization })
    const receipt = await client.waitForUserOperationReceipt({ hash })

    expect(receipt.success).toBe(true)
    const [event] = parseEventLogs({ abi: [userOperationEvent], logs: receipt.receipt.logs })
    expect(event?.args.paymaster.toLowerCase()).toBe(paymaster.toLowerCase())
    expect(await publicClient.getBalance({ address: user.owner.address })).toBe(0n)
    expect((await publicClient.getCode({ address: user.owner.address }))?.toLowerCase()).toBe(
      `0xef0100${simple7702AccountAddress.slice(2)}`.toLowerCase(),
    )
    const rows = await t.db.orm.select().from(gasSponsorships).where(eq(gasSponsorships.userId, user.userId))
    expect(rows).toEqual([
      expect.objectContaining({
        sender: user.owner.address,
        chainId: '31337',
        paymaster,
        nonce: expect.stringMatching(/^[0-9]+$/),
      }),
    ])
    expect(BigInt(rows[0]!.maxCostWei)).toBeGreaterThan(receipt.actualGasCost)
  }, 120_000)

  test('behavior: the per-user daily limit refuses the next operation with 403 policy_violation, and records nothing', async () => {
    await setSponsorship()
    const user = await userWithWallet()
    const client = await sponsoredClient(user)
    const authorization = await delegateToSimple7702(user, 0)
    const first = await client.sendUserOperation({ calls: [{ to: RECIPIENT, value: 0n }], authorization })
    await client.waitForUserOperationReceipt({ hash: first })
    const [row] = await t.db.orm.select().from(gasSponsorships).where(eq(gasSponsorships.userId, user.userId))
    // Room for about half of another operation today.
    await setSponsorship({ daily_limit_wei_per_user: ((BigInt(row!.maxCostWei) * 3n) / 2n).toString() })

    const refused = await client.sendUserOperation({ calls: [{ to: RECIPIENT, value: 0n }] }).then(
      () => undefined,
      (error: Error) => error,
    )

    expect(refused?.message).toMatch(/403 .*policy_violation/s)
    expect(refused?.message).toMatch(/would pass the app's daily limit of \d+ wei/)
    expect(
      await t.db.orm.select().from(gasSponsorships).where(eq(gasSponsorships.userId, user.userId)),
    ).toHaveLength(1)
    const [spent] = await t.db.orm
      .select({ spentWei: gasSponsorshipSpending.spentWei })
      .from(gasSponsorshipSpending)
      .where(
        and(eq(gasSponsorshipSpending.userId, user.userId), eq(gasSponsorshipSpending.appId, t.demoApp.id)),
      )
    expect(spent?.spentWei).toBe(row!.maxCostWei)
  }, 120_000)
})

describe('what the paymaster endpoint refuses', () => {
  /** A stub request for `sender` delegating to `delegate` on `chainId` through `entryPoint`. */
  const stubRequest = (
    sender: Address,
    overrides: { delegate?: Address; chainId?: Hex; entryPoint?: Address } = {},
  ) => ({
    jsonrpc: '2.0',
    id: 7,
    method: 'pm_getPaymasterStubData',
    params: [
      {
        sender,
        nonce: '0x0',
        factory: '0x7702',
        factoryData: '0x',
        callData: '0x',
        callGasLimit: '0x1',
        verificationGasLimit: '0x1',
        preVerificationGas: '0x1',
        maxFeePerGas: '0x1',
        maxPriorityFeePerGas: '0x1',
        eip7702Auth: {
          address: overrides.delegate ?? simple7702AccountAddress,
          chainId: overrides.chainId ?? '0x7a69',
          nonce: '0x0',
          r: '0x1',
          s: '0x1',
          yParity: '0x0',
        },
      },
      overrides.entryPoint ?? '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
      overrides.chainId ?? '0x7a69',
      {},
    ],
  })

  test("default: a stub for the user's own wallet names the paymaster and is not final", async () => {
    await setSponsorship()
    const user = await userWithWallet()
    const response = await callPaymaster(user.auth.token as string, stubRequest(user.owner.address))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { paymaster, isFinal: false, paymasterVerificationGasLimit: expect.stringMatching(/^0x/) },
    })
  })

  test('security: another account, another delegate, another EntryPoint or chain, and sponsorship off are refused with their codes', async () => {
    await setSponsorship()
    const user = await userWithWallet()
    const cases: [object, number, string, RegExp][] = [
      [stubRequest(RECIPIENT), 400, 'invalid_data', /not one of the user's embedded Ethereum wallets/],
      [stubRequest(user.owner.address, { delegate: RECIPIENT }), 400, 'invalid_data', /Simple7702Account/],
      [stubRequest(user.owner.address, { entryPoint: entryPoint07Address }), 400, 'invalid_data', /v0\.8/],
      [stubRequest(user.owner.address, { chainId: '0x1' }), 400, 'not_supported', /not enabled on chain 1/],
      [{ jsonrpc: '2.0', id: 1, method: 'eth_sendUserOperation', params: [] }, 400, 'invalid_data', /method/],
    ]
    for (const [body, status, code, message] of cases) {
      const response = await callPaymaster(user.auth.token as string, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(status)
      expect(response.json()).toMatchObject({ code, error: expect.stringMatching(message) })
    }
    await setSponsorship({ on: false })
    const off = await callPaymaster(user.auth.token as string, stubRequest(user.owner.address))
    expect(off.statusCode).toBe(400)
    expect(off.json()).toMatchObject({
      code: 'not_supported',
      error: 'Gas sponsorship is not enabled for this app.',
    })
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/v1/gas_sponsorship/paymaster',
      json: stubRequest(user.owner.address),
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

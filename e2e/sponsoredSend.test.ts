import { DEMO_APP_ID } from '@foyer/server'
import { type Address, decodeFunctionData, type Hex, parseEventLogs } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, test } from 'vitest'
import { deployVerifyingPaymaster } from '../scripts/devchain/deployVerifyingPaymaster'
import { page, useBrowser } from './support/browserPage'
import { readWalletAddress } from './support/embeddedWallet'
import {
  reviewRowValue,
  safeSmartWalletConfig,
  useLocalBundler,
  userOperationEvent,
} from './support/localBundler'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// `sendTransaction(tx, { sponsor: true })` in Chromium on anvil (docs/gas-sponsorship.md): the embedded
// wallet, holding 0 ETH, sends through EIP-7702 as Simple7702Account, its gas paid by the app's verifying
// paymaster on the Foyer server (Pimlico's SingletonPaymasterV8 whose signer is the app's sealed key), over
// the local bundler started once for this file; then the app's per-user daily limit refuses the next send.
useSharedStack()
useBrowser({ page: 'file', timeout: 30_000 })

const SIMPLE_7702_ACCOUNT = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
/** The server's app cache keeps an app's settings this long (ms): a settings change shows after it. */
const APP_CACHE_TTL_MS = 10_000

const signerKey = generatePrivateKey()
const local = useLocalBundler({ paymaster: false })
let paymaster: Address
let appId: string

beforeAll(async () => {
  paymaster = await deployVerifyingPaymaster({
    anvilRpcUrl: stack.chains.anvil.rpcUrl,
    signer: privateKeyToAccount(signerKey).address,
  })
  const app = await stack.createApp({
    name: 'Sponsored sends',
    copyOf: DEMO_APP_ID,
    settings: {
      smart_wallet_config: safeSmartWalletConfig(local.bundler.bundlerUrl, null),
      gas_sponsorship: {
        paymaster_address: paymaster,
        signer_private_key: signerKey,
        chain_ids: [31337],
        daily_limit_wei_per_user: null,
      },
    },
  })
  appId = app.id
}, 180_000)

/**
 * The most the operation in transaction `hash` (one `handleOps` with one operation) could charge the
 * paymaster, read from its packed fields (docs/gas-sponsorship.md#limits).
 */
async function countedCost(hash: Hex): Promise<bigint> {
  const transaction = await local.publicClient.getTransaction({ hash })
  const { args } = decodeFunctionData({ abi: entryPoint08Abi, data: transaction.input })
  const [operation] = (
    args as unknown as [
      readonly { accountGasLimits: Hex; preVerificationGas: bigint; gasFees: Hex; paymasterAndData: Hex }[],
    ]
  )[0]
  if (!operation) throw new Error('no operation in the bundle')
  const high = (word: Hex) => BigInt(`0x${word.slice(2, 34)}`)
  const low = (word: Hex) => BigInt(`0x${word.slice(34, 66)}`)
  // paymasterAndData: paymaster (20 bytes), verification gas (16), postOp gas (16), data.
  const paymasterGas =
    BigInt(`0x${operation.paymasterAndData.slice(42, 74)}`) +
    BigInt(`0x${operation.paymasterAndData.slice(74, 106)}`)
  const gas =
    high(operation.accountGasLimits) +
    low(operation.accountGasLimits) +
    operation.preVerificationGas +
    paymasterGas
  return gas * low(operation.gasFees)
}

describe('sponsored sends from the embedded wallet (EIP-7702)', () => {
  let owner: Address
  let firstHash: Hex

  test("default: an embedded wallet holding 0 ETH sends with sponsor: true; the screen says 'Sponsored', the app's paymaster pays", async () => {
    await openDemo(page, `${stack.demoUrl}?appId=${appId}`)
    await signInWithEmail(page, stack.apiUrl, freshEmail('sponsor'))
    owner = (await readWalletAddress(page)) as Address
    expect(await local.publicClient.getBalance({ address: owner })).toBe(0n)
    expect(await local.publicClient.getCode({ address: owner })).toBeUndefined()

    await page.getByRole('button', { name: 'Send 0 ETH (sponsor: true)' }).click()
    await expect
      .poll(() => reviewRowValue('Estimated fee').textContent(), { timeout: 60_000 })
      .toBe('Sponsored')
    const review = page.getByRole('dialog', { name: /^Review transaction/ })
    await review.getByRole('button', { name: 'Approve' }).click()
    const success = page.getByRole('dialog', { name: 'Transaction complete!' })
    await success.waitFor({ timeout: 60_000 })
    await success.getByRole('button', { name: 'All Done' }).click()
    await success.waitFor({ state: 'detached' })
    firstHash = (await page.getByTestId('sponsored-send-hash').textContent({ timeout: 30_000 })) as Hex

    const receipt = await local.publicClient.getTransactionReceipt({ hash: firstHash })
    const [event] = parseEventLogs({ abi: [userOperationEvent], logs: receipt.logs })
    expect(event?.args).toMatchObject({ sender: owner, paymaster, success: true })
    // The wallet is Simple7702Account's delegate now, and paid nothing.
    expect((await local.publicClient.getCode({ address: owner }))?.toLowerCase()).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2)}`.toLowerCase(),
    )
    expect(await local.publicClient.getBalance({ address: owner })).toBe(0n)
  }, 180_000)

  test("error: past the app's per-user daily limit the next send is refused on the screen with the limit's message, and nothing is sent", async () => {
    // Room for half of another operation today: the limit is the first one's counted cost × 1.5.
    const limit = ((await countedCost(firstHash)) * 3n) / 2n
    await stack.updateAppSettings(appId, { gas_sponsorship: { daily_limit_wei_per_user: limit.toString() } })
    await new Promise((resolve) => setTimeout(resolve, APP_CACHE_TTL_MS + 500))
    const nonceBefore = await local.publicClient.getTransactionCount({ address: owner })

    await page.getByRole('button', { name: 'Send 0 ETH (sponsor: true)' }).click()
    const review = page.getByRole('dialog', { name: /^Review transaction/ })
    await expect
      .poll(() => review.getByRole('alert').allTextContents(), { timeout: 60_000 })
      .toContainEqual(expect.stringContaining(`would pass the app's daily limit of ${limit} wei`))
    expect(await reviewRowValue('Estimated fee').textContent()).not.toBe('Sponsored')
    await expect.poll(() => review.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    await expect
      .poll(() => page.getByTestId('sponsored-send-error').textContent(), { timeout: 10_000 })
      .toMatch(/^user_rejected/)
    expect(await local.publicClient.getTransactionCount({ address: owner })).toBe(nonceBefore)
  }, 120_000)
})

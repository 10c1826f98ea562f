import { createServer } from 'node:net'
import { DEMO_APP_ID } from '@foyer/server'
import { type Address, isErc6492Signature, parseEther, parseEventLogs } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { browser, page, useBrowser } from './support/browserPage'
import { readWalletAddress } from './support/embeddedWallet'
import {
  reviewRowValue,
  safeSmartWalletConfig,
  useLocalBundler,
  userOperationEvent,
} from './support/localBundler'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail, submitEmail, typeMailedCode } from './support/signInWithEmail'

// Smart wallets in Chromium on anvil (docs/smart-wallets.md): the demo's 'Smart wallet' panel, for a new user
// of an app whose smart wallets are Safes over the local bundler and mock paymaster (docs/smart-wallets-local.md),
// started once for this file on the shared stack's anvil and stopped after it.
useSharedStack()
useBrowser({ page: 'file', timeout: 30_000 })

/** The demo panel's recipients (anvil's accounts 8 and 9) and its message. */
const RECIPIENTS = [
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
] as const
const MESSAGE = 'Hello from a Foyer smart wallet'
const local = useLocalBundler()
let appId: string

const smartWalletConfig = (paymasterUrl: string) =>
  safeSmartWalletConfig(local.bundler.bundlerUrl, paymasterUrl)

/** A loopback URL where nothing listens (a port taken, then given back): the paymaster turned off. */
async function closedUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

async function anvilRpc(method: string, params: unknown[]) {
  await fetch(stack.chains.anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
}

beforeAll(async () => {
  const app = await stack.createApp({
    name: 'Smart wallets',
    copyOf: DEMO_APP_ID,
    settings: { smart_wallet_config: smartWalletConfig(local.bundler.paymasterUrl as string) },
  })
  appId = app.id
}, 120_000)

/** Approves the open user-operation confirmation (its last call), waits for its success, closes it. */
async function approveOperation(): Promise<{ userOperationHash: string; transactionHash: `0x${string}` }> {
  const last = page.getByRole('dialog', { name: /^Review transaction/ })
  await last.getByRole('button', { name: 'Approve' }).click()
  const success = page.getByRole('dialog', { name: 'Transaction complete!' })
  await success.waitFor({ timeout: 60_000 })
  await success.getByText('User operation hash').waitFor()
  await success.getByRole('button', { name: 'All Done' }).click()
  await success.waitFor({ state: 'detached' })
  return {
    userOperationHash: (await page.getByTestId('smart-wallet-user-operation').textContent()) as string,
    transactionHash: (await page.getByTestId('smart-wallet-transaction').textContent()) as `0x${string}`,
  }
}

describe('smart wallets in the demo', () => {
  let owner: Address
  let smartWallet: Address
  let lastOperation = ''
  const email = freshEmail('smart')

  test("default: a new user's Safe is linked as a smart_wallet account, proven before deployment (ERC-6492)", async () => {
    await openDemo(page, `${stack.demoUrl}?appId=${appId}`)
    await signInWithEmail(page, stack.apiUrl, email)
    owner = await readWalletAddress(page)
    await page.getByRole('button', { name: 'Use smart wallet' }).click()
    // The link: the owner signs the sign-in message through the Safe.
    const sign = page.getByRole('dialog', { name: 'Sign message' })
    await sign.getByRole('button', { name: 'Approve' }).click({ timeout: 60_000 })
    smartWallet = (await page.getByTestId('smart-wallet-address').textContent({ timeout: 60_000 })) as Address
    expect(smartWallet).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(smartWallet.toLowerCase()).not.toBe(owner.toLowerCase())
    // Not deployed: the server checked the ERC-6492 signature.
    expect(await local.publicClient.getCode({ address: smartWallet })).toBeUndefined()
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) as string) as {
      linked_accounts: { type: string; address?: string; smart_wallet_type?: string }[]
    }
    expect(user.linked_accounts.filter((account) => account.type === 'smart_wallet')).toEqual([
      expect.objectContaining({
        address: smartWallet,
        smart_wallet_type: 'safe',
        smart_wallet_version: '1.4.1',
      }),
    ])
  }, 180_000)

  test("default: a sponsored send from a Safe holding 0 ETH: the screen says 'Sponsored', the paymaster's deposit pays", async () => {
    expect(await local.publicClient.getBalance({ address: smartWallet })).toBe(0n)
    expect(await local.publicClient.getBalance({ address: owner })).toBe(0n)
    await page.getByRole('button', { name: 'Send 0 ETH (sponsored)' }).click()
    await expect
      .poll(() => reviewRowValue('Estimated fee').textContent(), { timeout: 60_000 })
      .toBe('Sponsored')

    const { userOperationHash, transactionHash } = await approveOperation()

    const receipt = await local.publicClient.getTransactionReceipt({ hash: transactionHash })
    expect(receipt.status).toBe('success')
    const [event] = parseEventLogs({ abi: [userOperationEvent], logs: receipt.logs })
    expect(event?.args).toMatchObject({ userOpHash: userOperationHash, success: true })
    expect(event?.args.sender.toLowerCase()).toBe(smartWallet.toLowerCase())
    // A paymaster paid: the operation names one, and the Safe (now deployed) and its owner still hold 0 ETH.
    expect(event?.args.paymaster).not.toBe('0x0000000000000000000000000000000000000000')
    expect(await local.publicClient.getCode({ address: smartWallet })).toBeDefined()
    expect(await local.publicClient.getBalance({ address: smartWallet })).toBe(0n)
    expect(await local.publicClient.getBalance({ address: owner })).toBe(0n)
    lastOperation = userOperationHash
  }, 120_000)

  test("default: a batch of two calls is one user operation, shown call by call '(n / m)'", async () => {
    await anvilRpc('anvil_setBalance', [smartWallet, `0x${parseEther('0.01').toString(16)}`])
    const before = await Promise.all(RECIPIENTS.map((address) => local.publicClient.getBalance({ address })))
    await page.getByRole('button', { name: 'Send a batch of two calls' }).click()
    const first = page.getByRole('dialog', { name: 'Review transaction (1 / 2)' })
    await first.waitFor({ timeout: 60_000 })
    await expect
      .poll(() => reviewRowValue('Estimated fee').textContent(), { timeout: 60_000 })
      .toBe('Sponsored')
    await first.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('dialog', { name: 'Review transaction (2 / 2)' }).waitFor()

    const { userOperationHash, transactionHash } = await approveOperation()

    expect(userOperationHash).not.toBe(lastOperation)
    const receipt = await local.publicClient.getTransactionReceipt({ hash: transactionHash })
    const events = parseEventLogs({ abi: [userOperationEvent], logs: receipt.logs })
    expect(events).toHaveLength(1)
    expect(events[0]?.args.success).toBe(true)
    const after = await Promise.all(RECIPIENTS.map((address) => local.publicClient.getBalance({ address })))
    expect(after.map((balance, index) => balance - (before[index] as bigint))).toEqual([1n, 2n])
    // Sponsored: the Safe paid only the 3 wei it sent.
    expect(await local.publicClient.getBalance({ address: smartWallet })).toBe(parseEther('0.01') - 3n)
  }, 120_000)

  test('default: a message signed by the deployed Safe verifies with ERC-1271', async () => {
    await page.getByRole('button', { name: 'Sign message with smart wallet' }).click()
    await page.getByRole('dialog', { name: 'Sign message' }).getByRole('button', { name: 'Approve' }).click()
    const signature = (await page
      .getByTestId('smart-wallet-signature')
      .textContent({ timeout: 30_000 })) as `0x${string}`
    // Deployed: a plain ERC-1271 signature, not an ERC-6492 wrapping.
    expect(isErc6492Signature(signature)).toBe(false)
    expect(
      await local.publicClient.verifyMessage({ address: smartWallet, message: MESSAGE, signature }),
    ).toBe(true)
    expect(
      await local.publicClient.verifyMessage({ address: smartWallet, message: 'another', signature }),
    ).toBe(false)
  }, 60_000)

  test("default: another app signs in with this app's account and has the Safe sign through the transact page (ERC-1271)", async () => {
    // This app becomes a cross-app provider for the demo app, its pages on the other loopback name.
    const port = new URL(stack.demoUrl).port
    await stack.updateAppSettings(appId, {
      cross_app: {
        is_provider: true,
        allowed_requester_app_ids: [DEMO_APP_ID],
        web_url: `http://localhost:${port}/?appId=${appId}`,
      },
    })
    // The demo app (the requester) in a context of its own: this file's page stays signed in to this app.
    const requesterContext = await browser.newContext()
    const requester = await requesterContext.newPage()
    await openDemo(requester, `${stack.demoUrl}?crossAppProvider=${appId}`)
    await requester.getByRole('button', { name: 'Log in' }).click()
    const opened = requester.waitForEvent('popup')
    await requester.getByRole('dialog').getByRole('button', { name: 'Continue with Smart wallets' }).click()
    const popup = await opened
    await popup.waitForURL(/\/oauth\/authorize\?/)
    const login = popup.getByRole('dialog')
    const since = await submitEmail(popup, login, email)
    await typeMailedCode(popup, login, stack.apiUrl, { to: email, since })
    const closed = popup.waitForEvent('close', { timeout: 60_000 })
    await popup.getByRole('button', { name: 'Allow' }).click({ timeout: 60_000 })
    await closed
    // The cross_app account lists the provider user's smart wallet.
    await expect
      .poll(() => requester.getByTestId('cross-app-smart-wallet').textContent(), { timeout: 30_000 })
      .toBe(smartWallet)

    const transact = requester.waitForEvent('popup')
    await requester.getByRole('button', { name: 'Sign a message with the provider smart wallet' }).click()
    const transactPopup = await transact
    await transactPopup.waitForURL(/\/oauth\/transact\?/)
    const transactClosed = transactPopup.waitForEvent('close', { timeout: 90_000 })
    await transactPopup
      .getByRole('dialog', { name: 'Sign message' })
      .getByRole('button', { name: 'Approve' })
      .click({ timeout: 60_000 })
    await transactClosed
    await expect
      .poll(() => requester.getByTestId('cross-app-outcome').textContent(), { timeout: 30_000 })
      .toMatch(/^0x[0-9a-f]+$/)
    const signature = (await requester.getByTestId('cross-app-outcome').textContent()) as `0x${string}`
    const message = 'Hello from the Foyer demo'
    expect(await local.publicClient.verifyMessage({ address: smartWallet, message, signature })).toBe(true)
    await requesterContext.close()
  }, 180_000)

  test("behavior: with the paymaster off the screen shows the real fee, not 'Sponsored', and the Safe pays it", async () => {
    const closed = await closedUrl()
    await stack.updateAppSettings(appId, { smart_wallet_config: smartWalletConfig(closed) })
    // The server keeps an app's settings 10 s: wait until it serves the closed paymaster.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${stack.apiUrl}/api/v1/apps/${appId}`, {
            headers: { 'privy-app-id': appId, origin: new URL(stack.demoUrl).origin },
          })
          return JSON.stringify(await response.json()).includes(closed)
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true)
    await openDemo(page, `${stack.demoUrl}?appId=${appId}`)
    await page.getByRole('button', { name: 'Use smart wallet' }).click()
    await page.getByTestId('smart-wallet-address').waitFor({ timeout: 60_000 })
    const balance = await local.publicClient.getBalance({ address: smartWallet })
    await page.getByRole('button', { name: 'Send 0 ETH (sponsored)' }).click()
    const dialog = page.getByRole('dialog', { name: /^Review transaction/ })
    await dialog
      .getByText('The paymaster did not sponsor this transaction: your smart wallet pays the fee.')
      .waitFor({ timeout: 60_000 })
    const fee = (await reviewRowValue('Estimated fee').textContent()) as string
    expect(fee).toMatch(/^0\.\d+ ETH$/)
    expect(await dialog.getByText('Sponsored').count()).toBe(0)

    const { transactionHash } = await approveOperation()

    const receipt = await local.publicClient.getTransactionReceipt({ hash: transactionHash })
    const [event] = parseEventLogs({ abi: [userOperationEvent], logs: receipt.logs })
    expect(event?.args.paymaster).toBe('0x0000000000000000000000000000000000000000')
    // The Safe paid the EntryPoint's prefund from its balance (what is left of it stays as its deposit there).
    const paid = balance - (await local.publicClient.getBalance({ address: smartWallet }))
    expect(event?.args.actualGasCost).toBeGreaterThan(0n)
    expect(paid).toBeGreaterThanOrEqual(event?.args.actualGasCost as bigint)
  }, 120_000)
})

import { createPublicClient, createTestClient, hexToString, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { chooseWallet, usersMe, useWalletConnectPhone } from './support/externalWallets/walletSignIn'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// A real WalletConnect session: the demo's dapp side (@walletconnect/ethereum-provider) and a scripted phone
// wallet (@walletconnect/sign-client) meet on the shared stack's local relay (docs/walletconnect.md).
useSharedStack()
useBrowser({
  page: 'file',
  prepareContext: (context) => context.grantPermissions(['clipboard-read', 'clipboard-write']),
})

const account = privateKeyToAccount(generatePrivateKey())
const wallet = useWalletConnectPhone('WalletConnect demo', account)
// A second phone, with its own account and app, for linking to a user who signed in by email.
const linkAccount = privateKeyToAccount(generatePrivateKey())
const linkWallet = useWalletConnectPhone('WalletConnect link demo', linkAccount)

const QR_LABEL = 'QR code to connect with WalletConnect'

/** Clicks the awaiting screen's 'Copy link' and answers what it copied: the `wc:` pairing link. */
async function copiedLink() {
  await page.getByRole('dialog').getByRole('button', { name: 'Copy link' }).click()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/** Clicks the demo's `button` (sign or send over the WalletConnect session) and answers its result line. */
async function walletConnectResult(button: 'Sign with WalletConnect' | 'Send with WalletConnect') {
  await page.getByRole('button', { name: button, exact: true }).click()
  const result = page.getByTestId('walletconnect-result')
  await expect.poll(() => result.textContent(), { timeout: 20_000 }).not.toBe('')
  return (await result.textContent()) ?? ''
}

/** The demo's reading of the page's WalletConnect session (`useWalletConnect().getSession()`), read anew. */
async function pageWalletConnectSession() {
  await page.getByRole('button', { name: 'WalletConnect session', exact: true }).click()
  await new Promise((resolve) => setTimeout(resolve, 100))
  return page.getByTestId('walletconnect-session').textContent()
}

describe('WalletConnect', () => {
  test('default: sign in with a phone wallet through the QR link, SIWE signed over the session; the page signs and sends on anvil through it; the session outlives a reload; either side disconnects', async () => {
    await openDemo(page, `${stack.demoUrl}?appId=${wallet.appId}`)
    const dialog = page.getByRole('dialog')
    await chooseWallet('WalletConnect')

    // Our own QR code of the pairing link, and the copy link carrying the same `wc:` URI.
    await dialog
      .getByRole('img', { name: 'QR code to connect with WalletConnect' })
      .waitFor({ timeout: 20_000 })
    const uri = await copiedLink()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(new URL(uri).searchParams.get('relay-protocol')).toBe('irn')

    // The phone scans it and approves; the modal asks it to sign the SIWE message, 2.5 s after the session.
    const session = await wallet.phone.pair(uri)
    await dialog.getByRole('heading', { name: 'Sign to verify' }).waitFor()
    await expect.poll(() => page.getByTestId('authenticated').textContent(), { timeout: 20_000 }).toBe('true')

    const [signRequest] = wallet.phone.requests
    expect(signRequest).toMatchObject({ topic: session.topic, method: 'personal_sign' })
    const [messageHex] = (signRequest?.params ?? []) as `0x${string}`[]
    const message = hexToString(messageHex ?? '0x')
    expect(message).toContain(
      `${new URL(stack.demoUrl).host} wants you to sign in with your Ethereum account:`,
    )
    expect(message).toContain(account.address)

    const me = await usersMe(wallet.appId)
    expect(me.linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'wallet',
        address: account.address,
        wallet_client_type: 'wallet_connect',
        connector_type: 'wallet_connect_v2',
      }),
    )

    // The page signs a message with the phone wallet over the session (EIP-191, verified against the account)…
    const signature = await walletConnectResult('Sign with WalletConnect')
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    const demoMessage = 'Hello from the Foyer demo over WalletConnect'
    expect(
      await verifyMessage({
        address: account.address,
        message: demoMessage,
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    // …and sends 1,000 wei on anvil: the phone signs it with its key and broadcasts it; the chain has it.
    const { rpcUrl } = stack.chains.anvil
    await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
      address: account.address,
      value: parseEther('1'),
    })
    const hash = await walletConnectResult('Send with WalletConnect')
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({
      hash: hash as `0x${string}`,
    })
    expect(receipt).toMatchObject({ status: 'success', from: account.address.toLowerCase() })
    expect(receipt.to).toBe('0x000000000000000000000000000000000000dead')
    expect(wallet.phone.requests.map((request) => [request.topic, request.method])).toEqual([
      [session.topic, 'personal_sign'],
      [session.topic, 'personal_sign'],
      [session.topic, 'eth_sendTransaction'],
    ])

    // A reload keeps the Foyer session and the WalletConnect session: signing in again needs no new pairing
    // (the phone pairs nothing more, so only the restored session can carry the second signature).
    await page.reload()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    await chooseWallet('WalletConnect')
    await dialog.getByRole('heading', { name: 'Sign to verify' }).waitFor()
    await expect.poll(() => page.getByTestId('authenticated').textContent(), { timeout: 20_000 }).toBe('true')
    expect(wallet.phone.requests.map((request) => request.method).slice(3)).toEqual(['personal_sign'])
    expect(wallet.phone.requests.every((request) => request.topic === session.topic)).toBe(true)

    // The page reads the restored session, and ends it from the dapp's side: the phone forgets it too.
    await expect.poll(pageWalletConnectSession).toBe(`${account.address} on ${stack.chains.anvil.chainId}`)
    await page.getByRole('button', { name: 'Disconnect WalletConnect' }).click()
    await expect.poll(() => page.getByTestId('walletconnect-session').textContent()).toBe('none')
    await expect.poll(() => wallet.phone.sessions().length).toBe(0)

    // A new pairing; then the phone ends the session: the page hears it, and the next sign-in pairs anew.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    await chooseWallet('WalletConnect')
    await dialog.getByRole('img', { name: QR_LABEL }).waitFor({ timeout: 20_000 })
    const second = await wallet.phone.pair(await copiedLink())
    await expect.poll(() => page.getByTestId('authenticated').textContent(), { timeout: 20_000 }).toBe('true')
    await wallet.phone.disconnect(second.topic)
    await expect.poll(pageWalletConnectSession).toBe('none')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    await chooseWallet('WalletConnect')
    await dialog.getByRole('img', { name: QR_LABEL }).waitFor({ timeout: 20_000 })
    expect(await copiedLink()).not.toBe(uri)
    await page.keyboard.press('Escape')
  }, 120_000)

  test("behavior: a user signed in by email links a phone wallet: 'Link a wallet' offers WalletConnect, SIWE over the session", async () => {
    await openDemo(page, `${stack.demoUrl}?appId=${linkWallet.appId}`)
    await signInWithEmail(page, stack.apiUrl, freshEmail('wc-link'))
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    await page.getByRole('button', { name: 'Link a wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Link a wallet' }).waitFor()
    await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: 'WalletConnect' }).click()
    await dialog.getByRole('img', { name: QR_LABEL }).waitFor({ timeout: 20_000 })
    const session = await linkWallet.phone.pair(await copiedLink())
    await expect
      .poll(async () => (await usersMe(linkWallet.appId)).linked_accounts, { timeout: 20_000 })
      .toContainEqual(
        expect.objectContaining({
          type: 'wallet',
          address: linkAccount.address,
          wallet_client_type: 'wallet_connect',
          connector_type: 'wallet_connect_v2',
        }),
      )
    const [signRequest] = linkWallet.phone.requests
    expect(signRequest).toMatchObject({ topic: session.topic, method: 'personal_sign' })
    expect(hexToString(((signRequest?.params ?? []) as `0x${string}`[])[0] ?? '0x')).toContain(
      linkAccount.address,
    )
  }, 90_000)
})

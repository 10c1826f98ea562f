import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { foundry } from 'viem/chains'
import { describe, expect, inject, test } from 'vitest'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { freshEmail } from '../support/codes'
import { enterEmailAndCode, openPageForFile, page, settled } from './support'

const { apiUrl, pageUrl, anvilRpcUrl } = inject('interop')
/** The page's recipient of 'Send transaction' (anvil's account #9). */
const RECIPIENT = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const chain = createPublicClient({ chain: foundry, transport: http(anvilRpcUrl) })
openPageForFile(pageUrl)

describe('react-auth in Chromium: guest, wallet', () => {
  test('createGuestAccount: a guest session', async () => {
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('is-guest').textContent()).toBe('true')
  })

  test("createWallet: an embedded Ethereum wallet made in Foyer's frame", async () => {
    await page.getByRole('button', { name: 'Create wallet' }).click()
    await settled(page, 'wallet-address')
  })

  // react-auth sends `privy:wallets:rpc` with `hdWalletIndex` and reads the answer's `response.data`.
  test('signMessage: the frame signs with the wallet (personal_sign), the signature verifies', async () => {
    await page.getByRole('button', { name: 'Sign message' }).click()
    await settled(page, 'signature')
    const address = (await page.getByTestId('wallet-address').textContent()) as `0x${string}`
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address, message: 'Hello from react-auth', signature })).toBe(true)
  })

  test('sendTransaction: populated by react-auth on anvil, signed in the frame, mined', async () => {
    const address = (await page.getByTestId('wallet-address').textContent()) as `0x${string}`
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, `0x${parseEther('1').toString(16)}`] as never,
    })
    const before = await chain.getBalance({ address: RECIPIENT })
    await page.getByRole('button', { name: 'Send transaction' }).click()
    await settled(page, 'transaction-hash')
    const hash = (await page.getByTestId('transaction-hash').textContent()) as `0x${string}`
    const receipt = await chain.waitForTransactionReceipt({ hash, timeout: 20_000 })
    expect(receipt).toMatchObject({
      status: 'success',
      from: address.toLowerCase(),
      to: RECIPIENT.toLowerCase(),
    })
    expect((await chain.getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.01'))
  })

  test('linkEmail: the guest links an email through the modal and is no longer a guest', async () => {
    const email = freshEmail('reactguest')
    await page.getByRole('button', { name: 'Link email' }).click()
    await enterEmailAndCode(page, apiUrl, email)
    await waitForTestId(page, 'user-email', email)
    expect(await page.getByTestId('is-guest').textContent()).toBe('false')
    expect(await page.getByTestId('authenticated').textContent()).toBe('true')
  })
})

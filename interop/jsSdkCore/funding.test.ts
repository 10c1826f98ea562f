import { getCoinbaseOnRampUrl } from '@privy-io/js-sdk-core'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { connectBrowser } from '../support/connectBrowser'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { origin, appId, coinbase } = inject('interop')

/** A client signed in with Sign-In with Ethereum: funding is for the user's own wallets. */
async function signedInWithWallet() {
  const client = await createClient()
  const account = privateKeyToAccount(generatePrivateKey())
  const wallet = {
    address: account.address,
    chainId: 'eip155:1',
    walletClientType: 'metamask',
    connectorType: 'injected',
  } as const
  const { message } = await client.auth.siwe.init(wallet, new URL(origin).host, origin)
  await client.auth.siwe.loginWithSiwe(await account.signMessage({ message }))
  return { client, address: account.address }
}

describe('js-sdk-core: funding and delegation', () => {
  test('funding.moonpay.sign: a signed widget URL for the address', async () => {
    const { client, address } = await signedInWithWallet()
    const { signedUrl, externalTransactionId } = await client.funding.moonpay.sign({
      address,
      useSandbox: true,
      config: { currencyCode: 'ETH_ETHEREUM', quoteCurrencyAmount: 0.1, paymentMethod: 'credit_debit_card' },
    })
    const url = new URL(signedUrl)
    expect(url.searchParams.get('walletAddress')).toBe(address)
    expect(url.searchParams.get('signature')).toEqual(expect.any(String))
    expect(externalTransactionId).toEqual(expect.any(String))
  })

  test('funding.coinbase: initOnRampSession, the pay URL it makes, getStatus pending then success', async () => {
    const { client, address } = await signedInWithWallet()
    const session = await client.funding.coinbase.initOnRampSession({
      addresses: [{ address, blockchains: ['base'] }],
      assets: ['ETH'],
    })
    expect(session).toEqual({
      app_id: expect.any(String),
      session_token: expect.any(String),
      partner_user_id: expect.any(String),
      channel_id: expect.any(String),
    })
    expect(await client.funding.coinbase.getStatus(session.partner_user_id)).toEqual({ status: 'pending' })

    // The client's pay URL names the asset by Coinbase's asset id; the app opens it on Coinbase's pay
    // page, here the stand-in's (same path and query).
    const { url } = getCoinbaseOnRampUrl({
      appId,
      input: session,
      amount: '0.02',
      blockchain: 'base',
      asset: 'ETH',
      experience: 'buy',
    })
    const payUrl = new URL(coinbase.payUrl)
    payUrl.search = url.search
    const browser = await connectBrowser()
    try {
      const page = await browser.newPage()
      await page.goto(payUrl.href)
      await page.getByRole('button', { name: 'Buy now' }).click()
      await page.getByRole('status').getByText('Purchase complete').waitFor()
    } finally {
      await browser.close()
    }

    expect(await client.funding.coinbase.getStatus(session.partner_user_id)).toEqual({ status: 'success' })
    const base = createPublicClient({ transport: http(coinbase.baseRpcUrl) })
    expect(await base.getBalance({ address })).toBe(parseEther('0.02'))
    // Another user cannot read this session's status.
    const { client: other } = await signedInWithWallet()
    await expect(other.funding.coinbase.getStatus(session.partner_user_id)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    })
  })

  test('crossApp.getCrossAppConnections: the app provider list', async () => {
    const { client } = await signedInClient('crossapp')
    const { connections } = await client.crossApp.getCrossAppConnections()
    expect(Array.isArray(connections)).toBe(true)
  })
})

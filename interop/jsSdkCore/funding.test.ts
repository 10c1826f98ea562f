import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { origin } = inject('interop')

describe('js-sdk-core: funding and delegation', () => {
  test('funding.moonpay.sign: a signed widget URL for the address', async () => {
    // Funding is for the user's own wallets: sign in with one.
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
    const { address } = account
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

  test('crossApp.getCrossAppConnections: the app provider list', async () => {
    const { client } = await signedInClient('crossapp')
    const { connections } = await client.crossApp.getCrossAppConnections()
    expect(Array.isArray(connections)).toBe(true)
  })
})

import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { origin } = inject('interop')
const domain = new URL(origin).host

/** A browser wallet as the client describes one (CAIP-2 chain id). */
function externalWallet() {
  const account = privateKeyToAccount(generatePrivateKey())
  const wallet = {
    address: account.address,
    chainId: 'eip155:1',
    walletClientType: 'metamask',
    connectorType: 'injected',
  } as const
  return { account, wallet }
}

describe('js-sdk-core: Sign-In with Ethereum', () => {
  test('init + loginWithSiwe: a new user with the wallet account', async () => {
    const client = await createClient()
    const { account, wallet } = externalWallet()
    const { message } = await client.auth.siwe.init(wallet, domain, origin)
    const session = await client.auth.siwe.loginWithSiwe(await account.signMessage({ message }))
    expect(session.is_new_user).toBe(true)
    expect(session.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: account.address, chain_type: 'ethereum' }),
    )
  })

  test('linkWithSiwe + unlinkWallet: a signed-in user links a wallet and unlinks it', async () => {
    const { client } = await signedInClient('siwe')
    const { account, wallet } = externalWallet()
    const { message } = await client.auth.siwe.init(wallet, domain, origin)
    const linked = await client.auth.siwe.linkWithSiwe(await account.signMessage({ message }))
    expect(linked.user.linked_accounts).toContainEqual(expect.objectContaining({ address: account.address }))
    const { user } = await client.auth.siwe.unlinkWallet(account.address)
    expect(user.linked_accounts).not.toContainEqual(expect.objectContaining({ address: account.address }))
  })
})

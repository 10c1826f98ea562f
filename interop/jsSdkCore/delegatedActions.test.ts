import { randomUUID } from 'node:crypto'
import type Privy from '@privy-io/js-sdk-core'
import { delegatedActions } from '@privy-io/js-sdk-core'
import { afterAll, describe, expect, test } from 'vitest'
import { createClient } from '../support/createClient'
import { attachWalletFrame, closeFrameBrowser } from '../support/frameBridge'
import { hostToken } from '../support/hostToken'

afterAll(closeFrameBrowser)

type User = Awaited<ReturnType<Privy['user']['get']>>['user']

/** The user's embedded Ethereum wallet account (index 0), as the client reads it. */
function embeddedWallet(user: User) {
  const wallet = user.linked_accounts.find(
    (account) => account.type === 'wallet' && account.wallet_client_type === 'privy',
  )
  if (wallet?.type !== 'wallet') throw new Error('the user has no embedded wallet')
  return wallet as typeof wallet & { address: `0x${string}`; delegated: boolean }
}

// Delegated actions (docs/delegated-actions.md): consent through Foyer's frame, then the client's revoke
// (`POST /api/v1/wallets/revoke` with no body).
describe('js-sdk-core: delegated actions', () => {
  test('delegatedActions.delegateWallet, then delegated.revoke: the wallet is delegated until the user revokes', async () => {
    const client = await createClient()
    await client.auth.customProvider.syncWithToken(hostToken(`delegated-${randomUUID()}`))
    await attachWalletFrame(client)
    const { user: created } = await client.embeddedWallet.create({})
    const { address } = embeddedWallet(created)

    const { user: delegatedUser } = await delegatedActions.delegateWallet(client)({
      address,
      chainType: 'ethereum',
    })
    const wallet = embeddedWallet(delegatedUser)
    expect(wallet).toMatchObject({ address, delegated: true })

    // The client's own call: `POST /api/v1/wallets/revoke` without a body.
    await expect(client.delegated.revoke()).resolves.toBeUndefined()
    const { user: revoked } = await client.user.get()
    expect(embeddedWallet(revoked)).toMatchObject({ address, delegated: false })
    // The client's action reads the user from the server: nothing is left to revoke.
    await expect(delegatedActions.revokeWallets(client)()).rejects.toMatchObject({
      code: 'delegated_actions_no_wallet_to_revoke',
    })
  })
})

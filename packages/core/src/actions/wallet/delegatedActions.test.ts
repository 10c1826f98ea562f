import type { User } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { json } from '../../../test/createTestApi'
import {
  createWalletTestClient,
  delegatedWalletUser,
  ethereumAddress,
  walletAccount,
  walletUser,
} from '../../../test/createWalletTestClient'
import { getEmbeddedWallets } from '../../wallet/getEmbeddedWallets'
import { delegateWallet, getDelegatedActivity, getDelegations, revokeWallets } from './delegatedActions'

describe('delegated actions', () => {
  test('default: delegateWallet unlocks the wallet, posts the consent event in the reference shape, refreshes the user', async () => {
    const { client, requests } = await createWalletTestClient({
      user: delegatedWalletUser,
      stateUser: walletUser,
    })
    const [wallet] = getEmbeddedWallets(client.getState().user, 'ethereum')
    await delegateWallet(client, { wallet: wallet! })
    expect(requests.map((request) => request.event)).toEqual([
      'privy:wallets:connect',
      'privy:delegated-actions:consent',
    ])
    expect(requests[1]!.data).toEqual({
      accessToken: expect.any(String),
      rootWallet: { address: ethereumAddress, chainType: 'ethereum', imported: false },
      delegatedWallets: [{ address: ethereumAddress, chainType: 'ethereum', walletIndex: 0 }],
    })
    expect(client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ address: ethereumAddress, delegated: true }),
    )
  })

  test("default: getDelegations reads the app's terms and the delegated wallets with the session", async () => {
    const { client, api } = await createWalletTestClient()
    const terms = {
      policy: null,
      daily_value_limit_wei: '10000000000000000',
      delegated_wallets: [{ id: 'w1', address: ethereumAddress, chain_type: 'ethereum', wallet_index: 0 }],
      daily_lamports_limit: null,
      signer_public_key: null,
    }
    const authorizations: Array<string | undefined> = []
    api.on('GET /api/v1/embedded_wallets/delegations', (request) => {
      authorizations.push(request.headers.get('authorization') ?? undefined)
      return json(terms)
    })
    expect(await getDelegations(client)).toEqual(terms)
    expect(authorizations).toEqual([expect.stringMatching(/^Bearer /)])
  })

  test("default: getDelegatedActivity reads the user's delegated requests with the session, a page at a time", async () => {
    const { client, api } = await createWalletTestClient()
    const page = { data: [], next_cursor: null }
    const seen: Array<{ query: Record<string, string>; authorization: string | undefined }> = []
    api.on('GET /api/v1/embedded_wallets/delegations/activity', (call) => {
      seen.push({ query: call.query, authorization: call.headers.get('authorization') ?? undefined })
      return json(page)
    })
    expect(await getDelegatedActivity(client)).toEqual(page)
    expect(await getDelegatedActivity(client, { limit: 5, cursor: '1700000000000.abc' })).toEqual(page)
    expect(seen).toEqual([
      { query: {}, authorization: expect.stringMatching(/^Bearer /) },
      {
        query: { limit: '5', cursor: '1700000000000.abc' },
        authorization: expect.stringMatching(/^Bearer /),
      },
    ])
  })

  test('behavior: revokeWallets posts an empty body, re-splits the delegated automatic-recovery entropy, refreshes', async () => {
    const { client, api, requests } = await createWalletTestClient({
      user: walletUser,
      stateUser: delegatedWalletUser,
    })
    const bodies: unknown[] = []
    api.on('POST /api/v1/wallets/revoke', (request) => {
      bodies.push(request.body)
      return json({ message: 'Revoked 1 delegated wallet' })
    })
    const resplit = await revokeWallets(client)
    expect(bodies).toEqual([{}])
    expect(resplit.map((account) => account.address)).toEqual([ethereumAddress])
    expect(requests.map((request) => request.event)).toEqual([
      'privy:wallets:connect',
      'privy:wallets:set-recovery',
    ])
    expect(requests[1]!.data).toMatchObject({
      chainType: 'ethereum',
      recoveryMethod: 'privy',
      entropyId: ethereumAddress,
    })
    expect(client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ address: ethereumAddress, delegated: false }),
    )
  })

  test('behavior: a password-protected delegated wallet is revoked on the server but not re-split', async () => {
    const passwordUser: User = {
      ...walletUser,
      linked_accounts: [walletAccount({ recovery_method: 'user-passcode', delegated: true })],
    }
    const { client, api, requests } = await createWalletTestClient({
      user: walletUser,
      stateUser: passwordUser,
    })
    api.on('POST /api/v1/wallets/revoke', () => json({ message: 'Revoked 1 delegated wallet' }))
    expect(await revokeWallets(client)).toEqual([])
    expect(requests).toEqual([])
  })
})

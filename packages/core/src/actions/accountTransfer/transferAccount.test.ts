import type { User } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { createSignedInTestClient } from '../../../test/createSignedInTestClient'
import { json, testUser } from '../../../test/createTestApi'
import { toAccountTransfer } from '../../accountTransfer/toAccountTransfer'
import { linkEmail } from '../email/linkEmail'
import { transferAccount } from './transferAccount'

const emailAccount = (address: string) => ({
  type: 'email' as const,
  address,
  verified_at: 1_700_000_100,
  first_verified_at: 1_700_000_100,
  latest_verified_at: 1_700_000_100,
})
const withEmail = (address: string): User => ({
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, emailAccount(address)],
})
const conflict = (data: Record<string, unknown>) =>
  json({ error: 'Account transfer required', code: 'account_transfer_required', data }, 400)
const transferData = (overrides: Record<string, unknown> = {}) => ({
  nonce: 'n0nce',
  subject: 'bob@example.com',
  account: { displayName: 'bob@example.com' },
  otherUser: { embeddedWalletAddress: '0x00000000000000000000000000000000000000b0' },
  ...overrides,
})

/** The error a failed link throws. */
async function linkFailure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the link succeeded')
    },
    (error: unknown) => error,
  )
}

describe('toAccountTransfer', () => {
  test('default: the transfer data of a link conflict (docs/wire.md)', async () => {
    const { api, client } = await createSignedInTestClient()
    api.on('POST /api/v1/passwordless/link', () => conflict(transferData()))
    const error = await linkFailure(linkEmail(client, { email: 'Bob@example.com', code: '123456' }))
    expect(toAccountTransfer(error, { linkMethod: 'email', account: 'Bob@example.com' })).toEqual({
      nonce: 'n0nce',
      account: 'Bob@example.com',
      displayName: 'bob@example.com',
      linkMethod: 'email',
      embeddedWalletAddress: '0x00000000000000000000000000000000000000b0',
      echo: {},
    })
  })

  test('behavior: a wallet conflict names the address and keeps the wallet metadata', async () => {
    const { api, client } = await createSignedInTestClient()
    api.on('POST /api/v1/passwordless/link', () =>
      conflict(transferData({ subject: '0xabc', account: { displayName: '0xABC' } })),
    )
    const error = await linkFailure(linkEmail(client, { email: 'x@example.com', code: '123456' }))
    const wallet = { walletClientType: 'metamask', connectorType: 'injected', chainId: 'eip155:1' }
    expect(toAccountTransfer(error, { linkMethod: 'siwe', wallet })).toMatchObject({
      account: '0xABC',
      echo: { wallet },
    })
  })

  test('error: another error, or a conflict without a nonce, is no transfer', async () => {
    const { api, client } = await createSignedInTestClient()
    api.on('POST /api/v1/passwordless/link', () => conflict({}))
    const error = await linkFailure(linkEmail(client, { email: 'x@example.com', code: '123456' }))
    expect(toAccountTransfer(error, { linkMethod: 'email' })).toBeNull()
    expect(toAccountTransfer(new Error('boom'), { linkMethod: 'email' })).toBeNull()
  })
})

describe('transferAccount', () => {
  test('default: POST passwordless/transfer { nonce, email }, then the user is re-fetched', async () => {
    const { api, client } = await createSignedInTestClient()
    api.on('POST /api/v1/passwordless/transfer', () => json(withEmail('bob@example.com')))
    api.on('POST /api/v1/sessions', async () => json(await api.issue({ user: withEmail('bob@example.com') })))
    const transfer = {
      nonce: 'n0nce',
      account: 'bob@example.com',
      displayName: 'bob@example.com',
      linkMethod: 'email',
      embeddedWalletAddress: null,
      echo: {},
    }
    const user = await transferAccount(client, transfer)
    expect(api.callsTo('POST /api/v1/passwordless/transfer')[0]?.body).toEqual({
      nonce: 'n0nce',
      email: 'bob@example.com',
    })
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
    expect(user.linked_accounts.at(-1)).toMatchObject({ type: 'email', address: 'bob@example.com' })
    expect(client.getState().user).toEqual(user)
  })

  test('behavior: each link method calls its route with its body (docs/wire.md#account-transfer)', async () => {
    const { api, client } = await createSignedInTestClient()
    const base = { nonce: 'n', displayName: null, embeddedWalletAddress: null }
    const cases = [
      [
        { ...base, linkMethod: 'sms', account: '+14155550100', echo: {} },
        'POST /api/v1/passwordless_sms/transfer',
        { nonce: 'n', phoneNumber: '+14155550100' },
      ],
      [
        {
          ...base,
          linkMethod: 'siws',
          account: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
          echo: { wallet: { walletClientType: 'phantom', connectorType: 'wallet_standard', chainId: null } },
        },
        'POST /api/v1/siws/transfer',
        {
          nonce: 'n',
          address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
          walletClientType: 'phantom',
          connectorType: 'wallet_standard',
        },
      ],
      [
        { ...base, linkMethod: 'farcaster', account: '3', echo: { farcasterEmbeddedAddress: '0xe' } },
        'POST /api/v1/farcaster/transfer',
        { nonce: 'n', farcaster_id: '3', farcaster_embedded_address: '0xe' },
      ],
      [
        {
          ...base,
          linkMethod: 'google',
          account: 'sub',
          echo: { oAuthUserInfo: { subject: 'sub', name: 'Bob' } },
        },
        'POST /api/v1/oauth/transfer',
        { nonce: 'n', userInfo: { subject: 'sub', name: 'Bob' } },
      ],
    ] as const
    for (const [transfer, route, body] of cases) {
      api.on(route, () => json(testUser))
      await transferAccount(client, transfer)
      expect(api.callsTo(route)[0]?.body).toEqual(body)
    }
  })

  test.each(['custom', 'guest', 'passkey'])(
    'error: %s → Invalid transfer account type, no call',
    async (linkMethod) => {
      const { api, client } = await createSignedInTestClient()
      const before = api.calls.length
      await expect(
        transferAccount(client, {
          nonce: 'n',
          account: 'a',
          displayName: null,
          linkMethod,
          embeddedWalletAddress: null,
          echo: {},
        }),
      ).rejects.toMatchObject({
        code: 'invalid_account_transfer',
        shortMessage: 'Invalid transfer account type',
      })
      expect(api.calls.length).toBe(before)
    },
  )

  test('error: a wallet transfer without wallet metadata → Wallet parameters must be defined', async () => {
    const { client } = await createSignedInTestClient()
    await expect(
      transferAccount(client, {
        nonce: 'n',
        account: '0xabc',
        displayName: null,
        linkMethod: 'siwe',
        embeddedWalletAddress: null,
        echo: {},
      }),
    ).rejects.toMatchObject({ shortMessage: 'Wallet parameters must be defined' })
  })
})

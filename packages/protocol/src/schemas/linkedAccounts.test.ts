import { describe, expect, test } from 'vitest'
import { testEmbeddedWallet } from '../../test/fakeApi'
import { linkedAccountSchema } from './user'

const times = { verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('linked account shapes (docs/linked-accounts.md#account-shapes)', () => {
  test('default: an external wallet is wallet_client unknown and keeps no embedded-only key', () => {
    const external = {
      type: 'wallet',
      address,
      chain_type: 'ethereum',
      chain_id: 'eip155:1',
      wallet_client: 'unknown',
      wallet_client_type: 'metamask',
      connector_type: 'injected',
      ...times,
    }
    // Embedded-only keys an older server sent are not part of the shape.
    const parsed = linkedAccountSchema.parse({ ...external, wallet_index: null, imported: false })
    expect(parsed).toEqual(external)
  })

  test('default: an embedded wallet is wallet_client privy with its index, recovery and flags', () => {
    const embedded = testEmbeddedWallet({ address })
    expect(linkedAccountSchema.parse(embedded)).toEqual(embedded)
    const { wallet_index: _index, ...withoutIndex } = embedded
    expect(linkedAccountSchema.safeParse(withoutIndex).success).toBe(false)
    const { id: _id, ...withoutId } = embedded
    expect(linkedAccountSchema.safeParse(withoutId).success).toBe(false)
  })

  test('error: the host JWT account is custom_auth; custom and guest entries are not accounts', () => {
    expect(linkedAccountSchema.parse({ type: 'custom_auth', custom_user_id: 'u1', ...times })).toEqual({
      type: 'custom_auth',
      custom_user_id: 'u1',
      ...times,
    })
    expect(linkedAccountSchema.safeParse({ type: 'custom', custom_user_id: 'u1', ...times }).success).toBe(
      false,
    )
    expect(linkedAccountSchema.safeParse({ type: 'guest', ...times }).success).toBe(false)
    const wallet = { type: 'wallet', address, chain_type: 'ethereum', connector_type: 'injected', ...times }
    expect(linkedAccountSchema.safeParse({ ...wallet, wallet_client_type: 'metamask' }).success).toBe(false)
  })
})

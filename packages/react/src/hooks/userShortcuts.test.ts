import type { User } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { withShortcuts } from './userShortcuts'

const times = {
  verified_at: 1_700_000_000,
  first_verified_at: 1_700_000_000,
  latest_verified_at: 1_700_000_100,
}
const email = { type: 'email', address: 'ada@example.com', ...times }
const phone = { type: 'phone', number: '+14155550100', ...times }
const solana = {
  type: 'wallet',
  address: 'So1anaAddress',
  chain_type: 'solana',
  wallet_client: 'unknown',
  wallet_client_type: 'phantom',
  connector_type: 'injected',
  ...times,
}
const external = { ...solana, address: '0xexternal', chain_type: 'ethereum', wallet_client_type: 'metamask' }
const embedded = {
  type: 'wallet',
  address: '0xembedded',
  chain_type: 'ethereum',
  wallet_client: 'privy',
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  ...times,
}
const farcaster = {
  type: 'farcaster',
  fid: 42,
  owner_address: '0xowner',
  signer_public_key: '0xsigner',
  ...times,
}

function userWith(accounts: object[]): User {
  return {
    id: 'did:foyer:ada',
    created_at: 1_700_000_000,
    linked_accounts: accounts,
    mfa_methods: [],
    has_accepted_terms: true,
    is_guest: false,
  } as User
}

describe('withShortcuts', () => {
  test('default: email, phone, wallet and farcaster are the linked accounts themselves, beside linked_accounts', () => {
    const user = userWith([solana, email, external, embedded, phone, farcaster])
    const shortcuts = withShortcuts(user)
    expect(shortcuts.email).toBe(user.linked_accounts[1])
    expect(shortcuts.phone?.number).toBe('+14155550100')
    // The embedded Ethereum wallet comes first.
    expect(shortcuts.wallet?.address).toBe('0xembedded')
    expect(shortcuts.farcaster).toMatchObject({ fid: 42, signer_public_key: '0xsigner' })
    expect(shortcuts.linked_accounts).toBe(user.linked_accounts)
    // Every account says when it was last verified.
    expect(shortcuts.linked_accounts.map((account) => account.latest_verified_at)).toEqual(
      Array(6).fill(1_700_000_100),
    )
    // Memoized: the same user gives the same object (hooks' consumers compare by identity).
    expect(withShortcuts(user)).toBe(shortcuts)
  })

  test('behavior: without an embedded wallet, the first Ethereum wallet, else the first wallet; absent keys stay absent', () => {
    expect(withShortcuts(userWith([solana, external])).wallet?.address).toBe('0xexternal')
    expect(withShortcuts(userWith([solana])).wallet?.address).toBe('So1anaAddress')
    const bare = withShortcuts(userWith([]))
    expect(['email', 'phone', 'wallet', 'farcaster'].filter((key) => key in bare)).toEqual([])
  })
})

import { describe, expect, test } from 'vitest'
import { testUser } from '../../test/createTestApi'
import { ethereumAddress, solanaAddress, walletAccount } from '../../test/createWalletTestClient'
import { getEmbeddedWallets } from './getEmbeddedWallets'

describe('getEmbeddedWallets', () => {
  test('default: Ethereum first, by index; the entropy id is the index-0 address', () => {
    const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const user = {
      ...testUser,
      linked_accounts: [
        walletAccount({ address: solanaAddress, chain_type: 'solana' }),
        walletAccount({ address: second, wallet_index: 1 }),
        walletAccount(),
        // An external wallet is not an embedded one.
        {
          type: 'wallet' as const,
          address: '0x0000000000000000000000000000000000000001',
          chain_type: 'ethereum' as const,
          wallet_client: 'unknown' as const,
          wallet_client_type: 'metamask',
          connector_type: 'injected',
          verified_at: 1,
          first_verified_at: 1,
          latest_verified_at: 1,
        },
      ],
    }
    expect(
      getEmbeddedWallets(user).map((wallet) => [wallet.address, wallet.walletIndex, wallet.entropyId]),
    ).toEqual([
      [ethereumAddress, 0, ethereumAddress],
      [second, 1, ethereumAddress],
      [solanaAddress, 0, solanaAddress],
    ])
    expect(getEmbeddedWallets(user, 'solana')).toHaveLength(1)
  })

  test("behavior: an imported key is its own entropy, 'embedded_imported', listed after the generated index 0", () => {
    const imported = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const user = {
      ...testUser,
      linked_accounts: [
        walletAccount({ address: imported, imported: true }),
        walletAccount({ address: second, wallet_index: 1 }),
        walletAccount(),
      ],
    }
    expect(
      getEmbeddedWallets(user).map((wallet) => [
        wallet.address,
        wallet.walletIndex,
        wallet.entropyId,
        wallet.connectorType,
      ]),
    ).toEqual([
      [ethereumAddress, 0, ethereumAddress, 'embedded'],
      [imported, 0, imported, 'embedded_imported'],
      [second, 1, ethereumAddress, 'embedded'],
    ])
  })

  test('behavior: signed out is no wallets', () => {
    expect(getEmbeddedWallets(null)).toEqual([])
  })
})

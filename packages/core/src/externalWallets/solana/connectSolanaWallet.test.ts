import type { Wallet } from '@wallet-standard/base'
import { describe, expect, test } from 'vitest'
import { rejectionOf } from '../../../test/rejectionOf'
import type { SolanaExternalWallet } from '../ExternalWallet'
import { connectSolanaWallet } from './connectSolanaWallet'

function solanaWallet(features: Record<string, unknown>): SolanaExternalWallet {
  const wallet = {
    version: '1.0.0',
    name: 'Test',
    icon: 'data:,',
    chains: ['solana:mainnet'],
    accounts: [],
    features,
  }
  return {
    id: 'standard:Test',
    name: 'Test',
    icon: undefined,
    walletClientType: 'test',
    connectorType: 'wallet_standard',
    known: false,
    chainType: 'solana',
    wallet: wallet as unknown as Wallet,
  }
}
const connecting = (accounts: unknown[]) => ({
  'standard:connect': { version: '1.0.0', connect: async () => ({ accounts }) },
})

describe('connectSolanaWallet errors', () => {
  test("error: no standard:connect → 'Unsupported wallet'", async () => {
    expect((await rejectionOf(connectSolanaWallet(solanaWallet({})))).details).toBe('Unsupported wallet')
  })

  test("error: no account → 'Unable to retrieve accounts'; an account without address → 'Unable to retrieve address'", async () => {
    expect((await rejectionOf(connectSolanaWallet(solanaWallet(connecting([]))))).details).toBe(
      'Unable to retrieve accounts',
    )
    const noAddress = { address: '', publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] }
    expect((await rejectionOf(connectSolanaWallet(solanaWallet(connecting([noAddress]))))).details).toBe(
      'Unable to retrieve address',
    )
  })
})

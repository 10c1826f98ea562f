import { describe, expect, test } from 'vitest'
import { assertBridgingSupported } from './assertBridgingSupported'

const chain = {
  id: 1,
  name: 'Ethereum',
  rpcUrl: 'http://rpc.test',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

describe('assertBridgingSupported', () => {
  test('default: an EVM wallet may be bridged to', () => {
    expect(() => assertBridgingSupported({ chainType: 'ethereum', chain, cluster: undefined })).not.toThrow()
  })

  test('error: Solana testnet and devnet are refused (docs/limits.md)', () => {
    for (const name of ['testnet', 'devnet'])
      expect(() =>
        assertBridgingSupported({
          chainType: 'solana',
          chain: undefined,
          cluster: { name, rpcUrl: 'http://rpc.test' },
        }),
      ).toThrow(`Bridging is not supported on Solana ${name}`)
  })

  test('behavior: a bridge may go to or from Solana mainnet or a local cluster, not devnet', () => {
    const from = (name: string) =>
      assertBridgingSupported({
        chainType: 'solana',
        chain: undefined,
        cluster: { name, rpcUrl: 'http://rpc.test' },
      })
    expect(() => from('mainnet-beta')).not.toThrow()
    expect(() => from('localnet')).not.toThrow()
    expect(() => from('devnet')).toThrow('Bridging is not supported on Solana devnet')
  })
})

import { describe, expect, test } from 'vitest'
import { siweAuthenticateRequestSchema, siweChainIdSchema, siwsAuthenticateRequestSchema } from './siwe'

const siwe = { message: 'm', signature: '0x00', chainId: 1 }

describe('sign-in request schemas', () => {
  test('behavior: a chain id arrives as a CAIP-2 string or a number and is parsed to CAIP-2', () => {
    expect(siweChainIdSchema.parse(1)).toBe('eip155:1')
    expect(siweChainIdSchema.parse('eip155:31337')).toBe('eip155:31337')
    expect(siweChainIdSchema.safeParse('solana:mainnet').success).toBe(false)
    expect(siweChainIdSchema.safeParse(0).success).toBe(false)
  })

  test('error: a browser wallet cannot claim the embedded wallet labels', () => {
    expect(siweAuthenticateRequestSchema.safeParse({ ...siwe, walletClientType: 'metamask' }).success).toBe(
      true,
    )
    for (const labels of [
      { walletClientType: 'privy' },
      { walletClientType: 'Privy' },
      { connectorType: 'embedded' },
      { connectorType: 'embedded_imported' },
    ]) {
      expect(siweAuthenticateRequestSchema.safeParse({ ...siwe, ...labels }).success).toBe(false)
      const siws = { message: 'm', signature: `${'A'.repeat(86)}==`, ...labels }
      expect(siwsAuthenticateRequestSchema.safeParse(siws).success).toBe(false)
    }
  })

  test('behavior: wallet labels sent as null read as absent', () => {
    const labels = { walletClientType: null, connectorType: null }
    expect(siweAuthenticateRequestSchema.parse({ ...siwe, ...labels })).toMatchObject({
      walletClientType: undefined,
      connectorType: undefined,
    })
    const siws = { message: 'm', signature: `${'A'.repeat(86)}==`, ...labels }
    expect(siwsAuthenticateRequestSchema.safeParse(siws).success).toBe(true)
  })
})

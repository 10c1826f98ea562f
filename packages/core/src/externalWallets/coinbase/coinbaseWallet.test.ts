// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { isUnknownChainError } from '../ethereum/switchWalletChain'
import { COINBASE_SMART_WALLET_CHAIN_IDS, coinbaseWalletKind, createCoinbaseWallet } from './coinbaseWallet'

describe('coinbaseWalletKind', () => {
  test('default: all when every chain runs Coinbase Smart Wallet, else EOA only', () => {
    expect(COINBASE_SMART_WALLET_CHAIN_IDS).toEqual([
      1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56,
    ])
    expect(coinbaseWalletKind([8453, 1])).toBe('all')
    expect(coinbaseWalletKind([8453, 31337])).toBe('eoaOnly')
    expect(coinbaseWalletKind([31337], 'smartWalletOnly')).toBe('smartWalletOnly')
  })
})

describe('createCoinbaseWallet', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  test('default: a known Ethereum wallet with the coinbase_wallet connector, needing no extension', () => {
    const wallet = createCoinbaseWallet({ chains: [8453] })
    expect(wallet).toMatchObject({
      id: 'coinbase_wallet',
      name: 'Coinbase Wallet',
      walletClientType: 'coinbase_wallet',
      connectorType: 'coinbase_wallet',
      chainType: 'ethereum',
      known: true,
    })
  })

  test('behavior: the SDK loads on the first request and refuses signing before a connection (4100)', async () => {
    // The SDK reads the page's Cross-Origin-Opener-Policy with a HEAD request to the page.
    vi.stubGlobal('fetch', async () => new Response(null))
    const wallet = createCoinbaseWallet({ chains: [8453], keysUrl: 'http://127.0.0.1:9/connect' })
    await expect(wallet.provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
    await expect(
      wallet.provider.request({ method: 'personal_sign', params: ['0x00', '0x0'] }),
    ).rejects.toMatchObject({
      code: 4100,
    })
  })

  test('error: no chains', () => {
    expect(() => createCoinbaseWallet({ chains: [] })).toThrow('Coinbase Wallet needs at least one chain.')
  })
})

describe("Coinbase Wallet's unknown-chain answer", () => {
  test('behavior: the SDK rejects with a plain { code, message } object; its addEthereumChain message counts', () => {
    const message = 'Unrecognized chain ID 0x7a6a. Try adding the chain using wallet_addEthereumChain first.'
    expect(isUnknownChainError({ code: -32603, message })).toBe(true)
    expect(isUnknownChainError({ code: -32603, message: 'Internal error' })).toBe(false)
    expect(isUnknownChainError(null)).toBe(false)
  })
})

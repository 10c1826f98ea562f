import { describe, expect, test } from 'vitest'
import { walletChains } from './walletChains'

describe('walletChains', () => {
  test('default: the chains the app has on', () => {
    expect(walletChains({ wallet_auth: true, solana_wallet_auth: false }, undefined)).toEqual({
      ethereum: true,
      solana: false,
    })
    expect(walletChains({ wallet_auth: true, solana_wallet_auth: true }, 'ethereum-and-solana')).toEqual({
      ethereum: true,
      solana: true,
    })
  })

  test('behavior: walletChainType narrows, never widens', () => {
    expect(walletChains({ wallet_auth: true, solana_wallet_auth: true }, 'ethereum-only')).toEqual({
      ethereum: true,
      solana: false,
    })
    expect(walletChains({ wallet_auth: true, solana_wallet_auth: false }, 'solana-only')).toEqual({
      ethereum: false,
      solana: false,
    })
  })

  test('behavior: no wallets while the app config loads', () => {
    expect(walletChains(undefined, undefined)).toEqual({ ethereum: false, solana: false })
  })
})

import { describe, expect, test } from 'vitest'
import { applyWalletList } from './applyWalletList'

const wallets = [
  { walletClientType: 'backpack', chainType: 'solana' },
  { walletClientType: 'metamask', chainType: 'ethereum' },
  { walletClientType: 'phantom', chainType: 'solana' },
  { walletClientType: 'rabby_wallet', chainType: 'ethereum' },
] as const

const types = (list: readonly { walletClientType: string }[]) => list.map((wallet) => wallet.walletClientType)

describe('applyWalletList', () => {
  test('default: unset keeps every wallet in its order', () => {
    expect(types(applyWalletList(wallets, undefined))).toEqual([
      'backpack',
      'metamask',
      'phantom',
      'rabby_wallet',
    ])
  })

  test('behavior: named wallets first in the list order, then the detected ones; unnamed ones are dropped', () => {
    expect(types(applyWalletList(wallets, ['phantom', 'detected_ethereum_wallets']))).toEqual([
      'phantom',
      'metamask',
      'rabby_wallet',
    ])
    expect(types(applyWalletList(wallets, ['rabby_wallet', 'detected_wallets']))).toEqual([
      'rabby_wallet',
      'backpack',
      'metamask',
      'phantom',
    ])
    expect(types(applyWalletList(wallets, ['detected_solana_wallets']))).toEqual(['backpack', 'phantom'])
  })

  test('behavior: an empty list or unknown names show no wallet', () => {
    expect(applyWalletList(wallets, [])).toEqual([])
    expect(applyWalletList(wallets, ['coinbase_wallet'])).toEqual([])
  })

  test('behavior: WalletConnect is offered, not detected: only its own entry names it', () => {
    const offered = [...wallets, { walletClientType: 'wallet_connect', chainType: 'ethereum' }] as const
    expect(types(applyWalletList(offered, ['detected_wallets']))).not.toContain('wallet_connect')
    expect(types(applyWalletList(offered, ['detected_ethereum_wallets']))).toEqual([
      'metamask',
      'rabby_wallet',
    ])
    expect(types(applyWalletList(offered, ['wallet_connect', 'metamask']))).toEqual([
      'wallet_connect',
      'metamask',
    ])
  })
})

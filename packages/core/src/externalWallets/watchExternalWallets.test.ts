// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { createSolanaTestWallet } from '../../test/externalTestWallets'
import type { ExternalWallet } from './ExternalWallet'
import { discoverEthereumWallets } from './ethereum/discoverEthereumWallets'
import { sortExternalWallets } from './sortExternalWallets'
import { lookupWallet, toWalletClientType } from './walletDirectory'
import { watchExternalWallets } from './watchExternalWallets'

const icon = 'data:image/svg+xml,<svg/>'

function announce(
  info: { rdns: string; name: string; uuid?: string },
  provider: object = { request: async () => [] },
) {
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: Object.freeze({ info: { icon, uuid: info.uuid ?? info.rdns, ...info }, provider }),
    }),
  )
}

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum
})

describe('walletDirectory', () => {
  test('default: lookups by rdns and wallet-standard name; client types from names', () => {
    expect(lookupWallet({ rdns: 'io.metamask' })?.walletClientType).toBe('metamask')
    expect(lookupWallet({ standardName: 'Phantom' })?.walletClientType).toBe('phantom')
    expect(lookupWallet({ rdns: 'com.example' })).toBeUndefined()
    expect(toWalletClientType('My Cool  Wallet!')).toBe('my_cool_wallet')
    expect(toWalletClientType('***')).toBe('unknown')
  })
})

describe('sortExternalWallets', () => {
  test('behavior: unknown detected first, then known, then WalletConnect and Safe last (docs/limits.md)', () => {
    const wallet = (name: string, walletClientType: string, known: boolean) =>
      ({ id: name, name, walletClientType, known, chainType: 'ethereum' }) as ExternalWallet
    const sorted = sortExternalWallets([
      wallet('Safe', 'safe', true),
      wallet('MetaMask', 'metamask', true),
      wallet('WalletConnect', 'wallet_connect', true),
      wallet('Odd Wallet', 'odd_wallet', false),
      wallet('Phantom', 'phantom', true),
      wallet('New Wallet', 'new_wallet', false),
    ])
    expect(sorted.map((entry) => entry.name)).toEqual([
      'Odd Wallet',
      'New Wallet',
      'MetaMask',
      'Phantom',
      'Safe',
      'WalletConnect',
    ])
  })
})

describe('discoverEthereumWallets', () => {
  test('default: EIP-6963 announcements become wallets (mipd), with their directory entry', () => {
    const discovery = discoverEthereumWallets()
    const changes: number[] = []
    discovery.subscribe(() => changes.push(discovery.getWallets().length))
    announce({ rdns: 'io.metamask', name: 'MetaMask' })
    announce({ rdns: 'com.example.wallet', name: 'Example Wallet' })
    const wallets = discovery.getWallets()
    expect(wallets.map((wallet) => [wallet.name, wallet.walletClientType, wallet.known])).toEqual([
      ['MetaMask', 'metamask', true],
      ['Example Wallet', 'example_wallet', false],
    ])
    expect(wallets[0]).toMatchObject({
      id: 'eip6963:io.metamask',
      connectorType: 'injected',
      icon,
      rdns: 'io.metamask',
    })
    expect(changes.at(-1)).toBe(2)
    discovery.destroy()
  })

  test('behavior: window.ethereum is a fallback, unless it is one of the announced providers', () => {
    const provider = { request: async () => [], isMetaMask: true }
    ;(window as { ethereum?: unknown }).ethereum = provider
    const alone = discoverEthereumWallets()
    expect(alone.getWallets().map((wallet) => [wallet.id, wallet.name, wallet.walletClientType])).toEqual([
      ['injected', 'MetaMask', 'metamask'],
    ])
    announce({ rdns: 'io.metamask', name: 'MetaMask', uuid: 'x' }, provider)
    expect(alone.getWallets().map((wallet) => wallet.id)).toEqual(['eip6963:io.metamask'])
    alone.destroy()
  })
})

describe('watchExternalWallets', () => {
  test('default: Solana wallets registered through the wallet standard join the Ethereum ones, in list order', () => {
    const watcher = watchExternalWallets()
    let notified = 0
    watcher.subscribe(() => {
      notified += 1
    })
    announce({ rdns: 'io.metamask', name: 'MetaMask' })
    const { standardWallet } = createSolanaTestWallet({ name: 'Phantom' })
    const unknown = createSolanaTestWallet({ name: 'Tiny Sol' })
    // A wallet registers itself the way real ones do (wallet-standard:register-wallet).
    for (const wallet of [standardWallet, unknown.standardWallet])
      window.dispatchEvent(
        new CustomEvent('wallet-standard:register-wallet', {
          detail: ({ register }: { register: (wallet: unknown) => void }) => register(wallet),
        }),
      )
    const wallets = watcher.getWallets()
    expect(wallets.map((wallet) => [wallet.name, wallet.chainType])).toEqual([
      ['Tiny Sol', 'solana'],
      ['MetaMask', 'ethereum'],
      ['Phantom', 'solana'],
    ])
    expect(wallets[0]).toMatchObject({
      connectorType: 'wallet_standard',
      walletClientType: 'tiny_sol',
      known: false,
    })
    expect(watcher.getWallets()).toBe(wallets) // a stable snapshot
    expect(notified).toBeGreaterThan(0)
    watcher.destroy()
  })

  test('behavior: wallets that cannot sign in with Solana are left out', () => {
    const watcher = watchExternalWallets({ ethereum: false })
    const { standardWallet } = createSolanaTestWallet({ name: 'No Sign' })
    const bare = {
      ...standardWallet,
      features: { 'standard:connect': standardWallet.features['standard:connect'] },
    }
    window.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register: (wallet: unknown) => void }) => register(bare),
      }),
    )
    expect(watcher.getWallets().some((wallet) => wallet.name === 'No Sign')).toBe(false)
    watcher.destroy()
  })
})

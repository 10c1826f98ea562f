import { useState } from 'react'
import { anvilChain } from './chains'
import { coinbaseKeysUrl } from './coinbaseKeysUrl'

const MESSAGE = 'Hello from the Foyer demo'

/**
 * Coinbase Wallet (with `?coinbaseKeysUrl=`): 'Sign with Coinbase Wallet' asks the account the SDK connected
 * (its session in this page's storage, from signing in or linking) to sign a message through the popup.
 */
export function CoinbaseWalletPanel() {
  const [result, setResult] = useState('')
  if (!coinbaseKeysUrl) return null
  const sign = async () => {
    const { createCoinbaseWallet } = await import('@foyer/core/external-wallets')
    const wallet = createCoinbaseWallet({ chains: [anvilChain.id], keysUrl: coinbaseKeysUrl })
    const [address] = (await wallet.provider.request({ method: 'eth_accounts' })) as string[]
    const hex = `0x${Array.from(new TextEncoder().encode(MESSAGE), (b) => b.toString(16).padStart(2, '0')).join('')}`
    return wallet.provider.request({ method: 'personal_sign', params: [hex, address] }) as Promise<string>
  }
  return (
    <section>
      <h2>Coinbase Wallet</h2>
      <button
        type="button"
        onClick={() => void sign().then(setResult, (error: Error) => setResult(error.message))}
      >
        Sign with Coinbase Wallet
      </button>{' '}
      <span data-testid="coinbase-signature">{result}</span>
    </section>
  )
}

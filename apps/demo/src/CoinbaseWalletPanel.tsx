import { useState } from 'react'
import { anvilChain, secondAnvilChain } from './chains'
import { coinbaseKeysUrl } from './coinbaseKeysUrl'

const MESSAGE = 'Hello from the Foyer demo'

/**
 * Coinbase Wallet (with `?coinbaseKeysUrl=`): 'Sign with Coinbase Wallet' asks the account the SDK connected
 * (its session in this page's storage, from signing in or linking) to sign a message through the popup;
 * 'Move Coinbase Wallet to Anvil 2' moves it to the second chain with `switchWalletChain` (which adds the chain
 * when the wallet answers that it does not know it) and shows the wallet's chain id.
 */
export function CoinbaseWalletPanel() {
  const [result, setResult] = useState('')
  const [chain, setChain] = useState('')
  if (!coinbaseKeysUrl) return null
  const load = async () => {
    const { createCoinbaseWallet, switchWalletChain } = await import('@foyer/core/external-wallets')
    const wallet = createCoinbaseWallet({ chains: [anvilChain.id], keysUrl: coinbaseKeysUrl })
    return { wallet, switchWalletChain }
  }
  const move = async () => {
    const { wallet, switchWalletChain } = await load()
    await switchWalletChain({ provider: wallet.provider, chain: secondAnvilChain })
    return String(Number(await wallet.provider.request({ method: 'eth_chainId' })))
  }
  const sign = async () => {
    const { wallet } = await load()
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
      <br />
      <button
        type="button"
        onClick={() => void move().then(setChain, (error: Error) => setChain(error.message))}
      >
        Move Coinbase Wallet to {secondAnvilChain.name}
      </button>{' '}
      <span data-testid="coinbase-chain">{chain}</span>
    </section>
  )
}

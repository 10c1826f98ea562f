import { FoyerWagmiSync, foyer } from '@foyer/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { defineChain, http, parseEther } from 'viem'
import { createConfig, useAccount, useSendTransaction, useSignMessage, WagmiProvider } from 'wagmi'
import { anvilChain, secondAnvilChain } from './chains'

/** A demo chain as a viem chain, for wagmi. */
const toViemChain = (chain: typeof anvilChain) =>
  defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
const anvil = toViemChain(anvilChain)
const secondAnvil = toViemChain(secondAnvilChain)

/**
 * The demo's wagmi config (docs/wagmi.md): the Foyer connector only. A host lists its own connectors beside
 * it and keeps wagmi's EIP-6963 discovery; the demo leaves injected wallets to its external-wallet panel, so
 * wagmi does not also listen to the test wallets its other pages inject.
 */
const wagmiConfig = createConfig({
  chains: [anvil, secondAnvil],
  connectors: [foyer()],
  multiInjectedProviderDiscovery: false,
  transports: { [anvil.id]: http(anvilChain.rpcUrl), [secondAnvil.id]: http(secondAnvilChain.rpcUrl) },
})
const queryClient = new QueryClient()

/**
 * The wagmi panel: wagmi's own hooks (`useAccount`, `useSignMessage`, `useSendTransaction`) on the embedded
 * wallet, through `@foyer/wagmi`. Loaded lazily by main.tsx, so wagmi stays out of the page's first chunk.
 */
export default function WagmiPanel() {
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <FoyerWagmiSync />
        <WagmiAccount />
      </QueryClientProvider>
    </WagmiProvider>
  )
}

function WagmiAccount() {
  const { address, status, connector, chainId } = useAccount()
  const signMessage = useSignMessage()
  const sendTransaction = useSendTransaction()
  const [message, setMessage] = useState('Hello from wagmi')
  const [to, setTo] = useState('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')

  return (
    <section aria-labelledby="wagmi-heading">
      <h2 id="wagmi-heading">wagmi</h2>
      <p>
        Status: <strong data-testid="wagmi-status">{status}</strong>
        {connector ? ` via ${connector.name}` : ''}
        {chainId ? ` on chain ${chainId}` : ''}
      </p>
      <p>
        {/* An input, not text: the other panels' tests look the embedded address up by its text. */}
        <label>
          wagmi account <input data-testid="wagmi-address" readOnly value={address ?? ''} size={44} />
        </label>
      </p>
      {address && connector?.type === 'foyer' ? (
        <>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              signMessage.mutate({ message })
            }}
          >
            <label>
              Message <input value={message} onChange={(event) => setMessage(event.target.value)} />
            </label>{' '}
            <button type="submit" style={button} disabled={signMessage.isPending}>
              Sign with wagmi
            </button>
          </form>
          {signMessage.data ? (
            <p>
              Signature: <code data-testid="wagmi-signature">{signMessage.data}</code>
            </p>
          ) : null}
          {signMessage.error ? <p role="alert">{signMessage.error.message}</p> : null}
          <form
            onSubmit={(event) => {
              event.preventDefault()
              sendTransaction.mutate({ to: to as `0x${string}`, value: parseEther('0.001') })
            }}
          >
            <label>
              Send 0.001 ETH to <input value={to} onChange={(event) => setTo(event.target.value)} size={44} />
            </label>{' '}
            <button type="submit" style={button} disabled={sendTransaction.isPending}>
              Send with wagmi
            </button>
          </form>
          {sendTransaction.data ? (
            <p>
              Transaction: <code data-testid="wagmi-transaction">{sendTransaction.data}</code>
            </p>
          ) : null}
          {sendTransaction.error ? <p role="alert">{sendTransaction.error.message}</p> : null}
        </>
      ) : null}
    </section>
  )
}

const button = { fontSize: 16, padding: '8px 20px', borderRadius: 8, cursor: 'pointer' }

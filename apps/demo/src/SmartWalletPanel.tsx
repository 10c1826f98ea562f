import { useSmartWallets } from '@foyer/react'
import { useCallback, useEffect, useState } from 'react'
import { formatEther } from 'viem'
import { anvilChain } from './chains'
import { useActionError } from './panelActions'

/** Two fixed recipients on anvil (anvil's accounts 8 and 9). */
const RECIPIENTS = [
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
] as const

/** Calls anvil's JSON-RPC (the demo's local chain). */
async function anvilRpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(anvilChain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

/**
 * The 'Smart wallet' panel: 'Use smart wallet' builds the user's smart wallet and, the first time, links it
 * (the embedded wallet signs a sign-in message through it), then {@link SmartWalletActions}.
 */
export function SmartWalletPanel() {
  const [started, setStarted] = useState(false)
  if (started) return <SmartWalletActions />
  return (
    <section>
      <h2>Smart wallet</h2>
      <button type="button" onClick={() => setStarted(true)}>
        Use smart wallet
      </button>
    </section>
  )
}

/**
 * The user's ERC-4337 smart wallet (a Safe owned by the embedded wallet, docs/smart-wallets.md), over the local
 * bundler and paymaster: its address and balance, a sponsored send (0 ETH, the paymaster pays the gas), a batch
 * of two calls in one user operation (1 and 2 wei), and 'Sign message' (ERC-6492 before deployment, ERC-1271
 * after). Each send goes through the user-operation confirmation.
 */
function SmartWalletActions() {
  const { client, address, sponsored, sendTransaction, error: buildError } = useSmartWallets()
  const [balance, setBalance] = useState<bigint | null>(null)
  const [sent, setSent] = useState<{ userOperationHash: string; transactionHash: string } | null>(null)
  const [signature, setSignature] = useState('')
  const { error, run } = useActionError()

  const refresh = useCallback(async () => {
    if (!address) return
    setBalance(BigInt(await anvilRpc<string>('eth_getBalance', [address, 'latest'])))
  }, [address])

  useEffect(() => {
    refresh().catch(() => setBalance(null))
  }, [refresh])

  if (!client || !address) {
    return (
      <section>
        <h2>Smart wallet</h2>
        <p data-testid="smart-wallet-status">
          {buildError ? `Unavailable: ${buildError.message}` : 'Loading…'}
        </p>
      </section>
    )
  }
  return (
    <section>
      <h2>Smart wallet</h2>
      <p>
        Address: <code data-testid="smart-wallet-address">{address}</code> (Safe,{' '}
        {sponsored ? 'paymaster configured' : 'no paymaster'})
      </p>
      <p>
        Balance:{' '}
        <strong data-testid="smart-wallet-balance">{balance === null ? '…' : formatEther(balance)}</strong>{' '}
        ETH{' '}
        <button
          type="button"
          onClick={run(async () => {
            await anvilRpc('anvil_setBalance', [address, `0x${(10n ** 16n).toString(16)}`])
            await refresh()
          })}
        >
          Faucet: set balance to 0.01 ETH
        </button>
      </p>
      <p>
        <button
          type="button"
          onClick={run(async () => {
            setSent(await sendTransaction({ to: RECIPIENTS[0], value: 0n }))
            await refresh()
          })}
        >
          Send 0 ETH (sponsored)
        </button>{' '}
        <button
          type="button"
          onClick={run(async () => {
            setSent(
              await sendTransaction({
                calls: [
                  { to: RECIPIENTS[0], value: 1n },
                  { to: RECIPIENTS[1], value: 2n },
                ],
              }),
            )
            await refresh()
          })}
        >
          Send a batch of two calls
        </button>{' '}
        <button
          type="button"
          onClick={run(async () => {
            setSignature(await client.signMessage({ message: 'Hello from a Foyer smart wallet' }))
          })}
        >
          Sign message with smart wallet
        </button>
      </p>
      {sent ? (
        <p>
          User operation <code data-testid="smart-wallet-user-operation">{sent.userOperationHash}</code> in
          transaction <code data-testid="smart-wallet-transaction">{sent.transactionHash}</code>
        </p>
      ) : null}
      {signature ? (
        <p>
          Signature <code data-testid="smart-wallet-signature">{signature}</code>
        </p>
      ) : null}
      {error ? <p data-testid="smart-wallet-error">{error}</p> : null}
    </section>
  )
}

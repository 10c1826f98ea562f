import { useFundWallet, useSendSolanaTransaction, useSignSolanaMessage, useSolanaWallets } from '@foyer/react'
import { useCallback, useEffect, useState } from 'react'
import { bytesToHex } from 'viem'
import { solanaCluster } from './chains'
import { useActionError } from './panelActions'
import { buildSolanaTransfer, solanaRpc } from './solanaTransfer'

/** The signature as the demo shows it: hex without the `0x` prefix. */
function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes).slice(2)
}

/** A fixed recipient on the local Solana chain. */
const SOLANA_RECIPIENT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const LAMPORTS_PER_SOL = 1_000_000_000n

/**
 * The embedded Solana wallet: address, balance, an airdrop, 'Fund Solana wallet' (0.5 SOL), 'Sign Solana message'
 * 'Send 0.001 SOL' and 'Send SOL with a memo' (a Memo program instruction, which the wallet refuses to
 * sign: docs/solana-transactions.md).
 */
export function SolanaPanel() {
  const { ready, wallets } = useSolanaWallets()
  const wallet = wallets[0]
  const { signMessage } = useSignSolanaMessage()
  const { sendTransaction } = useSendSolanaTransaction()
  const { fundWallet } = useFundWallet()
  const [balance, setBalance] = useState<bigint | null>(null)
  const [signature, setSignature] = useState('')
  const [sent, setSent] = useState('')
  const { error, run } = useActionError()

  const refresh = useCallback(async () => {
    if (!wallet) return
    const { value } = await solanaRpc<{ value: number }>(solanaCluster.rpcUrl, 'getBalance', [wallet.address])
    setBalance(BigInt(value))
  }, [wallet])

  useEffect(() => {
    refresh().catch(() => setBalance(null))
  }, [refresh])

  /** Sends 0.001 SOL to {@link SOLANA_RECIPIENT}, with a Memo program instruction when `memo` is given. */
  const sendTransfer = async (memo?: string) => {
    if (!wallet) return
    const transaction = await buildSolanaTransfer({
      rpcUrl: solanaCluster.rpcUrl,
      from: wallet.address,
      to: SOLANA_RECIPIENT,
      lamports: LAMPORTS_PER_SOL / 1000n,
      ...(memo === undefined ? {} : { memo }),
    })
    setSent((await sendTransaction(transaction)).signature)
    await refresh()
  }

  if (!wallet) {
    return (
      <section>
        <h2>Solana wallet</h2>
        <p data-testid="solana-status">{ready ? 'No wallet' : 'Creating your wallet…'}</p>
      </section>
    )
  }
  return (
    <section>
      <h2>Solana wallet</h2>
      <p>
        Address: <code data-testid="solana-address">{wallet.address}</code>
      </p>
      <p>
        Balance: <strong data-testid="solana-balance">{balance === null ? '…' : String(balance)}</strong>{' '}
        lamports{' '}
        <button
          type="button"
          onClick={run(async () => {
            await solanaRpc(solanaCluster.rpcUrl, 'requestAirdrop', [
              wallet.address,
              Number(LAMPORTS_PER_SOL),
            ])
            await refresh()
          })}
        >
          Airdrop 1 SOL
        </button>{' '}
        <button
          type="button"
          onClick={run(async () => {
            // 'Add funds to your wallet' for SOL: from an Ethereum wallet it bridges through the bridge stand-in.
            await fundWallet({
              address: wallet.address,
              cluster: { name: solanaCluster.name },
              amount: '0.5',
            })
            await refresh()
          })}
        >
          Fund Solana wallet
        </button>
      </p>
      <p>
        <button
          type="button"
          onClick={run(async () =>
            setSignature(toHex((await signMessage('Hello from the Foyer demo')).signature)),
          )}
        >
          Sign Solana message
        </button>{' '}
        <button type="button" onClick={run(() => sendTransfer())}>
          Send 0.001 SOL
        </button>{' '}
        <button type="button" onClick={run(() => sendTransfer('Hello from the Foyer demo'))}>
          Send SOL with a memo
        </button>
      </p>
      {signature ? (
        <p>
          Signature: <code data-testid="solana-signature">{signature}</code>
        </p>
      ) : null}
      {sent ? (
        <p>
          Transaction: <code data-testid="solana-tx">{sent}</code>
        </p>
      ) : null}
      {error ? (
        <p role="alert" data-testid="solana-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}

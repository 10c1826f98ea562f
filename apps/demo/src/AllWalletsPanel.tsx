import {
  useCreateSolanaWallet,
  useCreateWallet,
  useExportWallet,
  useImportWallet,
  useSendTransaction,
  useSolanaWallets,
  useWallets,
} from '@foyer/react'
import { useState } from 'react'
import { parseEther } from 'viem'
import { useActionError } from './panelActions'

/** Where 'Send 0.001 ETH' sends (a fixed address on the local anvil chain). */
const RECIPIENT = '0x000000000000000000000000000000000000dEaD'

/**
 * Every embedded wallet of the user (docs/embedded-wallets.md): 'Add Ethereum wallet' / 'Add Solana wallet'
 * (the next HD index), 'Import Ethereum key' / 'Import Solana key' (the import screen), and per Ethereum
 * wallet 'Export' and 'Send 0.001 ETH' from that wallet.
 */
export function AllWalletsPanel() {
  const { wallets } = useWallets()
  const { wallets: solanaWallets } = useSolanaWallets()
  const { createWallet } = useCreateWallet()
  const { createWallet: createSolanaWallet } = useCreateSolanaWallet()
  const { importWallet } = useImportWallet()
  const { exportWallet } = useExportWallet()
  const { sendTransaction } = useSendTransaction()
  const [hash, setHash] = useState('')
  const { error, run } = useActionError()

  return (
    <section aria-labelledby="all-wallets-title">
      <h2 id="all-wallets-title">All wallets</h2>
      <p>
        <button
          type="button"
          onClick={run(async () => void (await createWallet({ createAdditional: true })))}
        >
          Add Ethereum wallet
        </button>{' '}
        <button
          type="button"
          onClick={run(async () => void (await createSolanaWallet({ createAdditional: true })))}
        >
          Add Solana wallet
        </button>{' '}
        <button type="button" onClick={run(async () => void (await importWallet({ chainType: 'ethereum' })))}>
          Import Ethereum key
        </button>{' '}
        <button type="button" onClick={run(async () => void (await importWallet({ chainType: 'solana' })))}>
          Import Solana key
        </button>
      </p>
      <ul aria-label="Embedded wallets">
        {[...wallets, ...solanaWallets].map((wallet) => (
          <li
            key={`${wallet.chainType}:${wallet.address}`}
            data-testid="embedded-wallet"
            data-chain={wallet.chainType}
            data-index={wallet.walletIndex}
            data-connector={wallet.connectorType}
          >
            <code>{wallet.address}</code> ({wallet.chainType} #{wallet.walletIndex}, {wallet.connectorType})
            {wallet.chainType === 'ethereum' ? (
              <>
                {' '}
                <button
                  type="button"
                  aria-label={`Export ${wallet.address}`}
                  onClick={run(() => exportWallet({ chainType: 'ethereum', address: wallet.address }))}
                >
                  Export
                </button>{' '}
                <button
                  type="button"
                  aria-label={`Send 0.001 ETH from ${wallet.address}`}
                  onClick={run(async () => {
                    const sent = await sendTransaction(
                      { to: RECIPIENT, value: parseEther('0.001') },
                      { address: wallet.address },
                    )
                    setHash(sent.hash)
                  })}
                >
                  Send 0.001 ETH
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {hash ? (
        <p>
          Sent: <code data-testid="all-wallets-hash">{hash}</code>
        </p>
      ) : null}
      {error ? (
        <p role="alert" data-testid="all-wallets-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}

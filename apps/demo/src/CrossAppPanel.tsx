import type { CrossAppAccount } from '@foyer/protocol'
import { useCrossAppAccounts, useFoyer } from '@foyer/react'
import { useState } from 'react'

/**
 * Cross-app: the provider app's account the user signed in with, its wallet, and requests to
 * that wallet through the provider's transact popup — sign a message, send 0.001 ETH — and, when the provider
 * user has a smart wallet, a message signed by it (docs/cross-app.md#smart-wallets). Shows the signature,
 * the transaction hash, or the documented text (docs/errors.md) of a refusal.
 */
export function CrossAppPanel() {
  const { user } = useFoyer()
  const { signMessage, sendTransaction } = useCrossAppAccounts()
  const [outcome, setOutcome] = useState('')
  const account = user?.linked_accounts.find((entry): entry is CrossAppAccount => entry.type === 'cross_app')
  const address = account?.embedded_wallets[0]?.address
  const smartWallet = account?.smart_wallets[0]?.address
  if (!account) return null

  const run = (action: () => Promise<string>) => {
    setOutcome('…')
    action().then(
      (result) => setOutcome(result),
      (caught: { shortMessage?: string; message?: string }) =>
        setOutcome(`failed: ${caught?.shortMessage ?? caught?.message}`),
    )
  }

  return (
    <section>
      <h2>Provider app account</h2>
      <p>
        Provider app <code>{account.provider_app_id}</code>, wallet{' '}
        <code data-testid="cross-app-wallet">{address ?? 'none'}</code>
      </p>
      {address ? (
        <p>
          <button
            type="button"
            onClick={() => run(() => signMessage('Hello from the Foyer demo', { address }))}
          >
            Sign a message with the provider wallet
          </button>{' '}
          <button
            type="button"
            onClick={() =>
              run(() =>
                sendTransaction(
                  { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 15n, chainId: 31337 },
                  { address },
                ),
              )
            }
          >
            Send 0.001 ETH with the provider wallet
          </button>
        </p>
      ) : null}
      {smartWallet ? (
        <p>
          Provider smart wallet <code data-testid="cross-app-smart-wallet">{smartWallet}</code>{' '}
          <button
            type="button"
            onClick={() => run(() => signMessage('Hello from the Foyer demo', { address: smartWallet }))}
          >
            Sign a message with the provider smart wallet
          </button>
        </p>
      ) : null}
      <pre data-testid="cross-app-outcome">{outcome}</pre>
    </section>
  )
}

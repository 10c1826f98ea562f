import { useDelegatedActions, useFoyer } from '@foyer/react'
import { useCallback, useState } from 'react'
import { formatEther, parseEther } from 'viem'
import { useActionError } from './panelActions'

/**
 * The one address the demo app's policy lets its back end send to (anvil's second test account), at most
 * 0.01 ETH a day (docs/delegated-actions.md#demo).
 */
export const DEMO_DELEGATED_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** What the demo back end answers (apps/demo/server/delegatedActions.ts). */
type BackEndAnswer = { hash?: string; error?: string; code?: string; userId?: string }

/**
 * Delegated actions (docs/delegated-actions.md#demo): 'Enable delegated actions' opens the modal's consent
 * screen with the demo app's policy (send at most 0.01 ETH a day to {@link DEMO_DELEGATED_RECIPIENT}); the
 * page then tells the demo's back end, which asks the Foyer server for the wallet's id. The back end's
 * sends (`@foyer/node`'s wallet API client) work with the page closed; the buttons here only start them.
 * 'Revoke' opens 'Revoke permission'.
 */
export function DelegatedActionsPanel({ appId }: { appId: string }) {
  const { user, getAccessToken } = useFoyer()
  const { delegateWallet, revokeWallets } = useDelegatedActions()
  const { error, run } = useActionError()
  const [userId, setUserId] = useState<string | null>(null)
  const [outcome, setOutcome] = useState('')
  const wallet = user?.linked_accounts.find(
    (account) =>
      account.type === 'wallet' &&
      account.wallet_client === 'privy' &&
      account.chain_type === 'ethereum' &&
      account.wallet_index === 0,
  )

  /** Tells the back end which wallet is delegated now (none after a revoke). */
  const register = useCallback(async () => {
    const token = await getAccessToken()
    const response = await fetch(`/api/delegated/register?appId=${encodeURIComponent(appId)}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
    const answer = (await response.json()) as BackEndAnswer & { wallet: { id: string } | null }
    if (!response.ok) throw new Error(answer.error ?? `The back end answered ${response.status}`)
    setUserId(answer.userId ?? null)
    return answer
  }, [appId, getAccessToken])

  const backEndSend = (ether: string) =>
    run(async () => {
      const id = userId ?? (await register()).userId
      const response = await fetch('/api/delegated/send', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userId: id,
          to: DEMO_DELEGATED_RECIPIENT,
          valueWei: String(parseEther(ether)),
        }),
      })
      const answer = (await response.json()) as BackEndAnswer
      setOutcome(
        response.ok ? `sent ${ether} ETH: ${answer.hash}` : `refused (${answer.code}): ${answer.error}`,
      )
    })

  if (wallet?.type !== 'wallet' || wallet.wallet_client !== 'privy') return null
  return (
    <section>
      <h2>Delegated actions</h2>
      <p>
        The demo's back end may send at most {formatEther(parseEther('0.01'))} ETH a day from your wallet to{' '}
        <code>{DEMO_DELEGATED_RECIPIENT}</code>, with the page closed, once you accept. Delegated:{' '}
        <strong data-testid="delegated-status">{String(wallet.delegated)}</strong>
      </p>
      <p>
        <button
          type="button"
          onClick={run(async () => {
            await delegateWallet({ address: wallet.address, chainType: 'ethereum' })
            await register()
            setOutcome('delegated')
          })}
        >
          Enable delegated actions
        </button>{' '}
        <button type="button" onClick={backEndSend('0.005')}>
          Back end sends 0.005 ETH
        </button>{' '}
        <button type="button" onClick={backEndSend('0.01')}>
          Back end sends 0.01 ETH
        </button>{' '}
        <button
          type="button"
          disabled={!wallet.delegated}
          onClick={run(async () => {
            await revokeWallets()
            setOutcome('revoked')
          })}
        >
          Revoke
        </button>
      </p>
      {userId ? (
        <p>
          The back end acts for user <code data-testid="delegated-user-id">{userId}</code>
        </p>
      ) : null}
      {outcome ? <p data-testid="delegated-outcome">{outcome}</p> : null}
      {error ? (
        <p role="alert" data-testid="delegated-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}

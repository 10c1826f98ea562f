import { getEmbeddedWallets } from '@foyer/core'
import type { DelegatedActivityQuery, DelegatedActivityResponse } from '@foyer/protocol'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import type { DelegationOutcome } from '../screens/delegatedActions/params'
import { loadWallet } from './loadWallet'

/** What {@link useDelegatedActions} returns. */
export type UseDelegatedActionsReturnType = {
  /**
   * Asks the user to let the app's back end act with the embedded wallet `address` (default: the first of
   * `chainType`, default Ethereum) within the app's policy, until revoked (docs/delegated-actions.md#consent):
   * opens 'Enable delegated actions', which shows the policy in words. On Accept the wallet frame delegates
   * the wallet; the result shows for a second, then the modal closes and the promise settles: resolved once
   * delegated (the wallet then reads `delegated: true`), rejected with core's `WalletProxyError` or
   * `ApiError` on a failure ('Delegated actions are not enabled for this app'), and with a
   * `UserRejectedRequestError` (4001) on 'Not now' or Close. Rejects with `Error` at once when signed out or
   * there is no such wallet.
   */
  delegateWallet(options?: { address?: string; chainType?: 'ethereum' | 'solana' }): Promise<void>
  /**
   * Asks the user to confirm 'Revoke permission'; on Confirm, revokes every delegation of the user to the
   * app and re-splits the shares of the wallets that were delegated (docs/delegated-actions.md#revoke). The
   * result shows for a second, then the modal closes and the promise settles: resolved once revoked (the
   * wallets read `delegated: false`), rejected with the failure, or with a `UserRejectedRequestError` on
   * 'Deny' or Close. Rejects with `Error` at once when no wallet of the user is delegated.
   */
  revokeWallets(): Promise<void>
  /**
   * What the app's back end did with the user's delegated wallets, newest first
   * (docs/delegated-actions.md#activity): `{ data: [{ wallet_address, method, caip2, to, value_wei,
   * decision, reason, outcome, transaction_hash, created_at (Unix s), … }], next_cursor }`; `limit` 1 to 100
   * (default 20), `cursor` the previous page's `next_cursor`. No modal. Rejects with core's `ApiError` or
   * `EmbeddedWalletError` (`not_authenticated` when signed out).
   */
  history(options?: DelegatedActivityQuery): Promise<DelegatedActivityResponse>
}

/**
 * Delegated actions: let the app's back end act with the user's embedded wallet within the app's policy,
 * until revoked (docs/delegated-actions.md), through the modal's consent and revoke screens, and read what it
 * did (`history`).
 *
 * @returns {@link UseDelegatedActionsReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { delegateWallet, revokeWallets } = useDelegatedActions()
 * await delegateWallet({ address: wallet.address, chainType: 'ethereum' })
 */
export function useDelegatedActions(): UseDelegatedActionsReturnType {
  const { client, openFlow } = useFoyerContext('useDelegatedActions')

  const delegateWallet = useCallback<UseDelegatedActionsReturnType['delegateWallet']>(
    async (options = {}) => {
      const user = client.getState().user
      if (!user) throw new Error('User must be authenticated before delegating a wallet.')
      const wallets = getEmbeddedWallets(user, options.chainType ?? 'ethereum')
      const wallet = options.address
        ? wallets.find((candidate) => candidate.address.toLowerCase() === options.address?.toLowerCase())
        : wallets[0]
      if (!wallet) throw new Error('Must have an embedded wallet before delegating it')
      const outcome: DelegationOutcome = { current: undefined }
      await answer(
        outcome,
        openFlow<undefined>((settle) => ({
          id: 'delegatedActionsConsent',
          params: { wallet, settle, outcome },
        })),
      )
    },
    [client, openFlow],
  )

  const revokeWallets = useCallback(async () => {
    const delegated = (client.getState().user?.linked_accounts ?? []).some(
      (account) => account.type === 'wallet' && account.wallet_client === 'privy' && account.delegated,
    )
    if (!delegated) throw new Error('No wallet of the user is delegated to this app.')
    const outcome: DelegationOutcome = { current: undefined }
    await answer(
      outcome,
      openFlow<undefined>((settle) => ({ id: 'delegatedActionsRevoke', params: { settle, outcome } })),
    )
  }, [client, openFlow])

  const history = useCallback<UseDelegatedActionsReturnType['history']>(
    async (options = {}) => (await loadWallet()).getDelegatedActivity(client, options),
    [client],
  )

  return useMemo(() => ({ delegateWallet, revokeWallets, history }), [delegateWallet, revokeWallets, history])
}

/**
 * The flow's answer, or the outcome the screen recorded when the user closed the modal while the result
 * showed (a delegation that was made is never reported as refused).
 */
async function answer(outcome: DelegationOutcome, flow: Promise<undefined>): Promise<void> {
  try {
    await flow
  } catch (error) {
    const result = outcome.current
    if (result?.ok) return
    throw result ? result.error : error
  }
}

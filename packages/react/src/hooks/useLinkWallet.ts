import type { User } from '@foyer/protocol'
import { useCallback, useMemo, useState } from 'react'
import { toErrorInfo } from '../errors/toErrorInfo'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadExternalWallets } from './loadExternalWallets'

/** What {@link useLinkWallet} returns. */
export type UseLinkWalletReturnType = {
  /**
   * Opens the modal on 'Link a wallet' (docs/modal.md): the user picks a browser wallet and signs a SIWE or
   * SIWS message. Resolves with the updated user (the session rotates); rejects with
   * `UserRejectedRequestError` when the modal is closed, or an `Error` when nobody is signed in.
   */
  linkWallet(): Promise<User>
  /**
   * Unlinks an external wallet (`POST /api/v1/siwe/unlink` or `/siws/unlink`); resolves with the updated
   * user. Rejects with the core error, e.g. `cannot_unlink_sole_account`.
   */
  unlinkWallet(parameters: { address: string; chainType: 'ethereum' | 'solana' }): Promise<User>
  /** True while an unlink runs. */
  busy: boolean
  /** The last unlink failure: its code and message, or null. */
  error: { code: string; message: string } | null
}

/**
 * Links and unlinks external wallets from the host's UI (docs/limits.md: one wallet per family). The link
 * screens and the wallet code load lazily.
 *
 * @throws Error 'useLinkWallet must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { linkWallet, unlinkWallet } = useLinkWallet()
 * <button onClick={() => linkWallet().catch(() => {})}>Link a wallet</button>
 */
export function useLinkWallet(): UseLinkWalletReturnType {
  const { client, openFlow } = useFoyerContext('useLinkWallet')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<UseLinkWalletReturnType['error']>(null)

  const link = useCallback(() => {
    if (!client.getState().user)
      return Promise.reject(new Error('User must be authenticated before linking a wallet.'))
    return openFlow<User>((settle) => ({ id: 'walletList', params: { mode: 'link', settle } }))
  }, [client, openFlow])

  const unlink = useCallback(
    async (parameters: { address: string; chainType: 'ethereum' | 'solana' }) => {
      setBusy(true)
      setError(null)
      try {
        const { unlinkWallet } = await loadExternalWallets()
        return await unlinkWallet(client, parameters)
      } catch (caught) {
        const { code, message } = toErrorInfo(caught)
        setError({ code, message: message ?? code })
        throw caught
      } finally {
        setBusy(false)
      }
    },
    [client],
  )

  return useMemo(() => ({ linkWallet: link, unlinkWallet: unlink, busy, error }), [link, unlink, busy, error])
}

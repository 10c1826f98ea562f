import type { User } from '@foyer/protocol'
import { openLinkFlow } from './openLinkScreen'
import { useHostCalls } from './useHostCalls'

/** What {@link useLinkFarcaster} returns. */
export type UseLinkFarcasterReturnType = {
  /**
   * Links a Farcaster account to the signed-in user (docs/limits.md, docs/api.md): opens the modal on the
   * awaiting-Farcaster screen (QR code on desktop, the Farcaster app on mobile), which finishes the link
   * and shows the docs/errors.md Farcaster texts on failure ('This account has already been linked to another
   * user.' …). Resolves with the updated user; rejects with `UserRejectedRequestError` (code
   * `'user_rejected'`) when the user closes the modal, and with an Error when nobody is signed in.
   */
  linkFarcaster(): Promise<User>
  /** Unlinks the Farcaster account `fid`; resolves with the updated user. */
  unlinkFarcaster(fid: number): Promise<User>
  /** True while an unlink runs. */
  busy: boolean
  /**
   * The last failure of an unlink: its code and the documented text (docs/errors.md) (the error table's
   * `link` flow), or null.
   */
  error: { code: string; message: string } | null
}

/**
 * Links and unlinks the Farcaster account of the signed-in user (docs/modal.md "Awaiting Farcaster
 * connection", docs/limits.md, docs/api.md); a thin hook over core `linkFarcaster` (through the modal) and
 * `unlinkFarcaster`.
 *
 * @throws Error 'useLinkFarcaster must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { linkFarcaster, unlinkFarcaster } = useLinkFarcaster()
 * <button onClick={() => linkFarcaster().catch(() => {})}>Link Farcaster</button>
 * <button onClick={() => unlinkFarcaster(account.fid)}>Unlink Farcaster</button>
 */
export function useLinkFarcaster(): UseLinkFarcasterReturnType {
  return useHostCalls('useLinkFarcaster', 'link', ({ client, openFlow, track }) => ({
    linkFarcaster: () =>
      openLinkFlow(client, openFlow, (settle) => ({
        id: 'awaitingFarcaster',
        params: { action: 'link', settle },
      })),
    unlinkFarcaster: (fid: number) =>
      track(async () => {
        const { unlinkFarcaster } = await import('../screens/login/AwaitingFarcaster/farcasterActions')
        return unlinkFarcaster(client, { fid })
      }),
  }))
}

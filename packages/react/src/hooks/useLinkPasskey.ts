import { linkPasskey, unlinkPasskey } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { useCallback, useMemo, useState } from 'react'
import { errorOutcome } from '../errors/errorOutcome'
import { toErrorInfo } from '../errors/toErrorInfo'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'

/** What {@link useLinkPasskey} returns. */
export type UseLinkPasskeyReturnType = {
  /**
   * Opens the modal's passkey list ('Link passkey', docs/modal.md): the user's passkeys (2 before 'View
   * all'), 'Add new passkey' and Remove. Resolves when the user closes it; rejects with an Error when nobody
   * is signed in.
   */
  openLinkPasskey(): Promise<void>
  /**
   * Prompts for a new passkey and links it to the signed-in user (docs/limits.md: up to 5). Resolves with the
   * updated user; rejects with the core error (`PASSKEY_NOT_ALLOWED`, `cannot_link_more_of_type`, …).
   */
  linkPasskey(): Promise<User>
  /**
   * Unlinks the passkey `credentialId` (base64url); resolves with the updated user. Rejects with the core
   * error: `cannot_unlink_sole_account` (the last account), a passkey enrolled in MFA ('Cannot unlink a
   * passkey enrolled in MFA', docs/limits.md), `not_found`.
   */
  unlinkPasskey(credentialId: string): Promise<User>
  /** True while the prompt or a server call runs. */
  linking: boolean
  /** The last failure: its code and the documented text (docs/errors.md), or null. */
  error: { code: string; message: string } | null
}

/**
 * Links a passkey from the host's UI (docs/modal.md); a thin hook over core `linkPasskey`.
 *
 * @throws Error 'useLinkPasskey must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { linkPasskey, linking, error } = useLinkPasskey()
 * <button onClick={() => linkPasskey().catch(() => {})} disabled={linking}>Link a passkey</button>
 * {error ? <p role="alert">{error.message}</p> : null}
 */
export function useLinkPasskey(): UseLinkPasskeyReturnType {
  const { client, openFlow, messages } = useFoyerContext('useLinkPasskey')
  const [linking, setLinking] = useState(false)
  const [error, setError] = useState<UseLinkPasskeyReturnType['error']>(null)

  const tracked = useCallback(
    async (call: () => Promise<User>) => {
      setLinking(true)
      setError(null)
      try {
        return await call()
      } catch (caught) {
        const info = toErrorInfo(caught)
        setError({ code: info.code, message: errorOutcome('passkey', info).text(messages) })
        throw caught
      } finally {
        setLinking(false)
      }
    },
    [messages],
  )
  const link = useCallback(() => tracked(() => linkPasskey(client)), [client, tracked])
  const unlink = useCallback(
    (credentialId: string) => tracked(() => unlinkPasskey(client, { credentialId })),
    [client, tracked],
  )

  const open = useCallback(async () => {
    if (!client.getState().user) throw new Error('User must be authenticated before linking an account.')
    await openFlow<undefined>((settle) => ({ id: 'linkPasskey', params: { settle } })).catch(
      (caught: { code?: string }) => {
        // Closing the list is how the user finishes: not an error.
        if (caught?.code !== 'user_rejected') throw caught
      },
    )
  }, [client, openFlow])
  return useMemo(
    () => ({ openLinkPasskey: open, linkPasskey: link, unlinkPasskey: unlink, linking, error }),
    [open, link, unlink, linking, error],
  )
}

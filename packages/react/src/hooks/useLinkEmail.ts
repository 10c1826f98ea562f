import { linkEmail, sendEmailCode, unlinkEmail } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { openLinkScreen } from './openLinkScreen'
import { useHostCalls } from './useHostCalls'

/** What {@link useLinkEmail} returns. */
export type UseLinkEmailReturnType = {
  /**
   * Opens the modal on 'Link email' (docs/modal.md): the user enters an address and the emailed code;
   * resolves with the updated user. Rejects with `UserRejectedRequestError` (`'user_rejected'`) when the user
   * closes the modal, and with an Error when nobody is signed in.
   */
  openLinkEmail(): Promise<User>
  /** Emails a link code to `email` (the signed-in user's session makes it a link code). */
  sendCode(email: string): Promise<void>
  /**
   * Links `email` with its `code`; resolves with the updated user (a guest becomes a full user and the
   * session rotates). Rejects with the core error.
   */
  linkEmail(parameters: { email: string; code: string }): Promise<User>
  /**
   * Unlinks the linked `address` (`POST /api/v1/passwordless/unlink`); resolves with the updated user. Rejects
   * with the core error: `cannot_unlink_sole_account` (the last account is never unlinked), `not_found`.
   */
  unlinkEmail(address: string): Promise<User>
  /** True while a call runs. */
  busy: boolean
  /** The last failure: its code and the documented text (docs/errors.md), or null. */
  error: { code: string; message: string } | null
}

/**
 * Links, or unlinks, an email address of the signed-in user from the host's UI (docs/limits.md, docs/api.md),
 * e.g. to upgrade a guest; a thin hook over core `sendEmailCode`, `linkEmail` and `unlinkEmail`.
 *
 * @throws Error 'useLinkEmail must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { sendCode, linkEmail, error } = useLinkEmail()
 * await sendCode('ada@example.com')
 * await linkEmail({ email: 'ada@example.com', code })
 */
export function useLinkEmail(): UseLinkEmailReturnType {
  return useHostCalls('useLinkEmail', 'link', ({ client, openFlow, track }) => ({
    openLinkEmail: () => openLinkScreen(client, openFlow, { kind: 'email' }),
    sendCode: (email: string) => track(() => sendEmailCode(client, { email })),
    linkEmail: (parameters: { email: string; code: string }) =>
      track(async () => (await linkEmail(client, parameters)).user),
    unlinkEmail: (address: string) => track(() => unlinkEmail(client, { address })),
  }))
}

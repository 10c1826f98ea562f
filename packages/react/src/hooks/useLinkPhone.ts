import { linkPhone, sendSmsCode, unlinkPhone } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { openLinkScreen } from './openLinkScreen'
import { useHostCalls } from './useHostCalls'

/** What {@link useLinkPhone} returns. */
export type UseLinkPhoneReturnType = {
  /**
   * Opens the modal on 'Link phone' (docs/modal.md): the user enters a number and the texted code; resolves
   * with the updated user (the session rotates). Rejects with `UserRejectedRequestError` (code
   * `'user_rejected'`) when the user closes the modal, and with an Error when nobody is signed in.
   */
  openLinkPhone(): Promise<User>
  /** Texts a link code to `phoneNumber` (E.164); the signed-in user's session makes it a link code. */
  sendCode(phoneNumber: string): Promise<void>
  /** Links `phoneNumber` with its `code` without the modal; resolves with the updated user. */
  linkPhone(parameters: { phoneNumber: string; code: string }): Promise<User>
  /** Unlinks the linked number (`number` of the `phone` account); resolves with the updated user. */
  unlinkPhone(phoneNumber: string): Promise<User>
  /** True while a call of this hook runs (not while the modal is open). */
  busy: boolean
  /** The last failure of a call of this hook: its code and the documented text (docs/errors.md), or null. */
  error: { code: string; message: string } | null
}

/**
 * Links, or unlinks, a phone number of the signed-in user (docs/limits.md, docs/api.md): through the modal's
 * 'Link phone' screen (`openLinkPhone`), or headless with core `sendSmsCode` / `linkPhone` / `unlinkPhone`.
 *
 * @throws Error 'useLinkPhone must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { openLinkPhone, unlinkPhone } = useLinkPhone()
 * <button onClick={() => openLinkPhone().catch(() => {})}>Link phone</button>
 */
export function useLinkPhone(): UseLinkPhoneReturnType {
  return useHostCalls('useLinkPhone', 'link', ({ client, openFlow, track }) => ({
    openLinkPhone: () => openLinkScreen(client, openFlow, { kind: 'phone' }),
    sendCode: (phoneNumber: string) => track(() => sendSmsCode(client, { phoneNumber })),
    linkPhone: (parameters: { phoneNumber: string; code: string }) =>
      track(async () => (await linkPhone(client, parameters)).user),
    unlinkPhone: (phoneNumber: string) => track(() => unlinkPhone(client, { phoneNumber })),
  }))
}

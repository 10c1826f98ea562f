import { sendEmailCode, updateEmail } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { openUpdateScreen } from './openLinkScreen'
import { useHostCalls } from './useHostCalls'

/** What {@link useUpdateEmail} returns. */
export type UseUpdateEmailReturnType = {
  /**
   * Opens the modal on 'Update email' (docs/modal.md) for the linked address: the user enters the new address
   * and the code emailed to it; resolves with the updated user. Rejects with an Error when no address is
   * linked (docs/limits.md) and with `UserRejectedRequestError`
   * (`'user_rejected'`) when the user closes the modal.
   */
  openUpdateEmail(): Promise<User>
  /** Emails a code to the new address. */
  sendCode(email: string): Promise<void>
  /** Replaces the linked address without the modal; resolves with the updated user. */
  updateEmail(parameters: { oldAddress: string; newAddress: string; code: string }): Promise<User>
  /** True while a call of this hook runs. */
  busy: boolean
  /** The last failure: its code and the documented text (docs/errors.md), or null. */
  error: { code: string; message: string } | null
}

/**
 * Replaces the signed-in user's email address (docs/modal.md "Update email", docs/api.md
 * `passwordless/update`): through the modal (`openUpdateEmail`) or headless with core `sendEmailCode` /
 * `updateEmail`.
 *
 * @throws Error 'useUpdateEmail must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { openUpdateEmail } = useUpdateEmail()
 * <button onClick={() => openUpdateEmail().catch(() => {})}>Change email</button>
 */
export function useUpdateEmail(): UseUpdateEmailReturnType {
  return useHostCalls('useUpdateEmail', 'link', ({ client, openFlow, track }) => ({
    openUpdateEmail: () => openUpdateScreen(client, openFlow, 'email'),
    sendCode: (email: string) => track(() => sendEmailCode(client, { email })),
    updateEmail: (parameters: { oldAddress: string; newAddress: string; code: string }) =>
      track(() => updateEmail(client, parameters)),
  }))
}

import { sendSmsCode, updatePhone } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { openUpdateScreen } from './openLinkScreen'
import { useHostCalls } from './useHostCalls'

/** What {@link useUpdatePhone} returns. */
export type UseUpdatePhoneReturnType = {
  /**
   * Opens the modal on 'Update phone' (docs/modal.md) for the linked number: the user enters the new number
   * and the code texted to it; resolves with the updated user. Rejects with an Error when no number is
   * linked (docs/limits.md) and with `UserRejectedRequestError`
   * (`'user_rejected'`) when the user closes the modal.
   */
  openUpdatePhone(): Promise<User>
  /** Texts a code to the new number (E.164). */
  sendCode(phoneNumber: string): Promise<void>
  /** Replaces the linked number without the modal; resolves with the updated user. */
  updatePhone(parameters: { oldPhoneNumber: string; newPhoneNumber: string; code: string }): Promise<User>
  /** True while a call of this hook runs. */
  busy: boolean
  /** The last failure: its code and the documented text (docs/errors.md), or null. */
  error: { code: string; message: string } | null
}

/**
 * Replaces the signed-in user's phone number (docs/modal.md "Update phone", docs/api.md
 * `passwordless_sms/update`): through the modal (`openUpdatePhone`) or headless with core `sendSmsCode` /
 * `updatePhone`.
 *
 * @throws Error 'useUpdatePhone must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { openUpdatePhone } = useUpdatePhone()
 * <button onClick={() => openUpdatePhone().catch(() => {})}>Change number</button>
 */
export function useUpdatePhone(): UseUpdatePhoneReturnType {
  return useHostCalls('useUpdatePhone', 'link', ({ client, openFlow, track }) => ({
    openUpdatePhone: () => openUpdateScreen(client, openFlow, 'phone'),
    sendCode: (phoneNumber: string) => track(() => sendSmsCode(client, { phoneNumber })),
    updatePhone: (parameters: { oldPhoneNumber: string; newPhoneNumber: string; code: string }) =>
      track(() => updatePhone(client, parameters)),
  }))
}

import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'

/** What {@link useMfaEnrollment} returns. */
export type UseMfaEnrollmentReturnType = {
  /**
   * Opens the MFA enrolment flow (docs/modal.md "MFA": intro, 'Choose a verification method', authenticator
   * app, SMS, passkey, removal). Resolves when the user finishes with Done; rejects when they close it.
   */
  showMfaEnrollmentModal(): Promise<void>
}

/**
 * Enrolment in multi-factor verification through the modal. For a headless flow use `@foyer/core/mfa`'s
 * `initMfaEnrollment`, `submitMfaEnrollment` and `unenrollMfa`.
 *
 * @returns {@link UseMfaEnrollmentReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { showMfaEnrollmentModal } = useMfaEnrollment()
 * <button onClick={() => showMfaEnrollmentModal()}>Protect my wallet</button>
 */
export function useMfaEnrollment(): UseMfaEnrollmentReturnType {
  const { openFlow } = useFoyerContext('useMfaEnrollment')
  const showMfaEnrollmentModal = useCallback(
    () => openFlow<undefined>((settle) => ({ id: 'mfaEnrollment', params: { settle } })),
    [openFlow],
  )
  return useMemo(() => ({ showMfaEnrollmentModal }), [showMfaEnrollmentModal])
}

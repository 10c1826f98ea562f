import { useEffect } from 'react'
import { useModal } from '../../modal/ModalContext'
import type { PromptSettler } from '../../modal/prompts/PromptSettler'
import { ScreenTitle } from '../../modal/ScreenTitle'
import { Notice } from '../../ui/Notice'
import { Spinner } from '../../ui/Spinner'
import { SuccessNotice } from '../Success/SignedInNotice'
import { SUCCESS_CLOSE_DELAY_MS } from '../Success/Success'
import type { DelegationOutcome } from './params'

// How the delegated-actions screens (docs/delegated-actions.md) end (internal): the wallet frame's call is
// recorded in `outcome`, its result shows, then the modal closes and the hook answers with it.

/**
 * Runs the screen's wallet-frame call (`delegateWallet`, `revokeWallets`) and records how it ended in
 * `outcome.current`; answers `true` when it succeeded. Never throws: a failure is the recorded outcome.
 */
export async function recordOutcome(
  outcome: DelegationOutcome,
  call: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await call()
    outcome.current = { ok: true }
    return true
  } catch (error) {
    outcome.current = { ok: false, error }
    return false
  }
}

/**
 * Once `outcome.current` is set, the result shows for {@link SUCCESS_CLOSE_DELAY_MS}, then the modal closes
 * and `settle` answers the hook with it (resolved on success, rejected with the failure). `shown` is the
 * screen's state that changes when the result shows (`undefined` while it does not).
 */
export function useCloseWithOutcome(
  outcome: DelegationOutcome,
  settle: PromptSettler<undefined>,
  shown: unknown,
): void {
  const { close } = useModal()
  useEffect(() => {
    const result = outcome.current
    if (!result || shown === undefined) return
    const timer = setTimeout(() => {
      close()
      if (result.ok) settle.resolve(undefined)
      else settle.reject(result.error)
    }, SUCCESS_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [outcome, settle, close, shown])
}

/**
 * The result screen: on success, the check and `successTitle` ('Delegated actions enabled', 'Permission
 * revoked'); on failure, 'Something went wrong. Try again.' / 'Please try again.' announced as an alert.
 */
export function DelegationResult({ ok, successTitle }: { ok: boolean; successTitle: string }) {
  const { messages } = useModal()
  const m = messages.delegatedActions
  if (ok) return <SuccessNotice title={successTitle} detail="" />
  return (
    <div role="alert">
      <Notice title={<ScreenTitle>{m.errorTitle}</ScreenTitle>} detail={m.errorDetail} />
    </div>
  )
}

/** 'Loading…' with a spinner above the buttons while the wallet frame delegates or revokes. */
export function DelegationBusy() {
  const { messages } = useModal()
  return (
    <p className="foyer-center" role="status">
      <Spinner />
      <span>{messages.modal.loading}</span>
    </p>
  )
}

import type { FundWalletResult } from '@foyer/core/funding'
import { useCallback, useRef, useState } from 'react'
import { errorOutcome } from '../../../../errors/errorOutcome'
import { toErrorInfo } from '../../../../errors/toErrorInfo'
import { useCloseAfterSuccess } from '../../../../hooks/useCloseAfterSuccess'
import { useStartOnce } from '../../../../hooks/useStartOnce'
import { useModal } from '../../../../modal/ModalContext'
import type { PromptSettler } from '../../../../modal/prompts/PromptSettler'

/** What {@link useFundingTransfer} returns: the phase, the failure's text, whether to offer a retry, and the run. */
export type FundingTransferState<Status extends string> = {
  phase: Status | 'success' | 'error'
  error: string | undefined
  retry: boolean
  run(): Promise<void>
}

/**
 * Runs a transfer into the embedded wallet (docs/modal.md "External wallet funding"; the same-chain transfer
 * and the bridge) once on mount (internal): `perform` reports its statuses, success answers `fundWallet()`
 * with `{ status: 'completed', method: 'wallets' }` and closes the modal after the success notice; a failure
 * keeps the `fundingTransfer` error text and whether a retry may help. `run` starts it again.
 */
export function useFundingTransfer<Status extends string>(
  initial: Status,
  perform: (onStatus: (status: Status) => void) => Promise<void>,
  settle: PromptSettler<FundWalletResult>,
): FundingTransferState<Status> {
  const { messages } = useModal()
  const [phase, setPhase] = useState<Status | 'success' | 'error'>(initial)
  const [error, setError] = useState<string | undefined>(undefined)
  const [retry, setRetry] = useState(true)
  // The latest `perform` (its screen's values), without restarting the run when they change.
  const latest = useRef(perform)
  latest.current = perform

  const run = useCallback(async () => {
    setError(undefined)
    setPhase(initial)
    try {
      await latest.current(setPhase)
      setPhase('success')
      settle.resolve({ status: 'completed', method: 'wallets' })
    } catch (caught) {
      const outcome = errorOutcome('fundingTransfer', toErrorInfo(caught))
      setError(outcome.text(messages))
      setRetry(outcome.retry)
      setPhase('error')
    }
  }, [initial, settle, messages])
  useStartOnce(run)
  useCloseAfterSuccess(phase === 'success')
  return { phase, error, retry, run }
}

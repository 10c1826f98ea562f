import { useEffect } from 'react'
import { useModal } from '../../modal/ModalContext'
import type { PromptSettler } from '../../modal/prompts/PromptSettler'
import { SUCCESS_CLOSE_DELAY_MS } from '../Success/Success'
import type { DelegationOutcome } from './params'

/**
 * The result screens of delegated actions (internal): once `outcome.current` is set, the result shows for
 * {@link SUCCESS_CLOSE_DELAY_MS}, then the modal closes and `settle` answers the hook with it (resolved on
 * success, rejected with the failure). `shown` is the screen's state that changes when the result shows.
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

import { useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'

/** What {@link useApproval} returns. */
export type Approval = {
  /** The request runs. */
  busy: boolean
  /** The last failure's text, shown on the screen until the next try. */
  error: string | undefined
  /** Runs the request: busy meanwhile; a failure stays on screen (Approve tries again, Cancel gives up). */
  approve(run: () => Promise<void>): Promise<void>
}

/**
 * The state of a wallet request screen that shows its failure in place (sign request, Solana confirm):
 * busy while `run` runs; a failure's message, or `fallback` when it has none, once it fails.
 *
 * @example const { busy, error, approve } = useApproval(messages.signRequest.error)
 */
export function useApproval(fallback: string): Approval {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()
  const approve = async (run: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await run()
    } catch (caught) {
      if (!isMounted()) return
      setBusy(false)
      setError(toErrorInfo(caught).message ?? fallback)
    }
  }
  return { busy, error, approve }
}

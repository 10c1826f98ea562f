import { useEffect, useReducer } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'

/** What {@link useApproval} returns. */
export type Approval = {
  /** The request runs. */
  busy: boolean
  /** The last failure's text, shown on the screen until the next try. */
  error: string | undefined
  /**
   * Runs the request: busy meanwhile (a second call while it runs does nothing); a failure stays on screen
   * (Approve tries again, Cancel gives up). After a success it stays busy: the screen moves on.
   */
  approve(run: () => Promise<void>): Promise<void>
}

/** The approval state of one request, shared by every instance of its screen. */
type ApprovalState = { busy: boolean; error: string | undefined; listeners: Set<() => void> }

const states = new WeakMap<object, ApprovalState>()

function stateOf(request: object): ApprovalState {
  let state = states.get(request)
  if (!state) {
    state = { busy: false, error: undefined, listeners: new Set() }
    states.set(request, state)
  }
  return state
}

/**
 * The state of a wallet request screen that shows its failure in place (sign request, Solana confirm):
 * busy while `run` runs; a failure's message, or `fallback` when it has none, once it fails. The state
 * belongs to `request` (the prompt), not to the screen's instance: a flow put in front while it runs (an MFA
 * verification, a password recovery) replaces the screen and brings back a new instance, which shows the
 * same run busy, then its failure.
 *
 * @example const { busy, error, approve } = useApproval(messages.signRequest.error, prompt)
 */
export function useApproval(fallback: string, request: object): Approval {
  const state = stateOf(request)
  const [, rerender] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    state.listeners.add(rerender)
    return () => {
      state.listeners.delete(rerender)
    }
  }, [state])
  const update = (next: Partial<Pick<ApprovalState, 'busy' | 'error'>>) => {
    Object.assign(state, next)
    for (const listener of state.listeners) listener()
  }
  const approve = async (run: () => Promise<void>) => {
    if (state.busy) return
    update({ busy: true, error: undefined })
    try {
      await run()
    } catch (caught) {
      update({ busy: false, error: toErrorInfo(caught).message ?? fallback })
    }
  }
  return { busy: state.busy, error: state.error, approve }
}

import { type AccountTransferContext, toAccountTransfer } from '@foyer/core/account-transfer'
import type { User } from '@foyer/protocol'
import { useCallback } from 'react'
import { useIsMounted } from '../hooks/useIsMounted'
import { useModal } from '../modal/ModalContext'
import type { PromptSettler } from '../modal/prompts/PromptSettler'
import { type ApprovalFailure, type ApprovalFlow, showApprovalFailure } from './approvalFailure'

/** What a waiting screen adds to a failure: the text's placeholders, its own screens, the account it linked. */
export type ApprovalFailureOptions = Pick<ApprovalFailure, 'format' | 'openScreen'> & {
  /**
   * In link mode, the account the link was for (`toAccountTransfer`'s context): a failure that found it on
   * another user offers the account transfer. Absent: no transfer is offered.
   */
  transfer?: AccountTransferContext | undefined
}

/**
 * The failure handler of a screen that waits for an approval of `flow` (`showApprovalFailure`), bound to the
 * modal's router and messages and to the screen's `params` (in link mode, `settle` answers the link): an
 * inline outcome becomes the screen's `{ kind: 'error', message, retry }` status through `setStatus` (a state
 * setter, stable across renders); a failure that settles after the screen unmounted is ignored.
 *
 * @example
 * const fail = useApprovalFailure('telegram', setStatus, params)
 * try { … } catch (caught) { fail(caught, { transfer: { linkMethod: 'telegram', telegram: proof } }) }
 */
export function useApprovalFailure(
  flow: ApprovalFlow,
  setStatus: (status: { kind: 'error'; message: string; retry: boolean }) => void,
  params: { action?: string | undefined; settle?: PromptSettler<User> | undefined },
): (caught: unknown, options?: ApprovalFailureOptions) => void {
  const { router, messages } = useModal()
  const isMounted = useIsMounted()
  return useCallback(
    (caught, options = {}) => {
      if (!isMounted()) return
      const { transfer, ...rest } = options
      showApprovalFailure(caught, {
        ...rest,
        flow,
        router,
        messages,
        link:
          params.action === 'link'
            ? { transfer: transfer ? toAccountTransfer(caught, transfer) : null, settle: params.settle }
            : undefined,
        showInline: (message, retry) => setStatus({ kind: 'error', message, retry }),
      })
    },
    [flow, isMounted, messages, router, setStatus, params],
  )
}

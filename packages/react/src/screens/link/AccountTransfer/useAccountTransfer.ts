import { transferAccount } from '@foyer/core/account-transfer'
import { useState } from 'react'
import { errorOutcome } from '../../../errors/errorOutcome'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import type { AccountTransferParams } from './params'

/** State of a transfer on its screen: idle, busy, done ('Success!'), or failed with a text. */
export type AccountTransferState = {
  status: 'idle' | 'busy' | 'done'
  error: string | undefined
  run(): void
  /** 'No thanks': rejects the link flow (`user_rejected`) and closes the modal. */
  decline(): void
}

/**
 * Runs `transferAccount` for the transfer screens (internal): on success the link flow is answered with the
 * re-fetched user, the button reads 'Success!' and the modal closes after the success delay; a failure shows
 * the error table's `transfer` text. Declining rejects the link flow with `user_rejected` and closes the modal.
 */
export function useAccountTransfer(params: AccountTransferParams): AccountTransferState {
  const { client, messages, close } = useModal()
  const isMounted = useIsMounted()
  const [status, setStatus] = useState<AccountTransferState['status']>('idle')
  const [error, setError] = useState<string | undefined>(undefined)
  useCloseAfterSuccess(status === 'done')
  const run = async () => {
    if (status !== 'idle') return
    setStatus('busy')
    setError(undefined)
    try {
      const user = await transferAccount(client, params.transfer)
      params.settle?.resolve(user)
      if (isMounted()) setStatus('done')
    } catch (caught) {
      if (!isMounted()) return
      const outcome = errorOutcome('transfer', toErrorInfo(caught))
      setError(outcome.kind === 'inline' ? outcome.text(messages) : messages.accountTransfer.failed)
      setStatus('idle')
    }
  }
  const decline = () => {
    params.settle?.reject()
    close()
  }
  return { status, error, run: () => void run(), decline }
}

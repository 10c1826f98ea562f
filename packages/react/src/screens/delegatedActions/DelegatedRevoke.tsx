import { useState } from 'react'
import { loadWallet } from '../../hooks/loadWallet'
import { formatMessage } from '../../i18n/formatMessage'
import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import type { ScreenProps } from '../../modal/screenParams'
import { Button } from '../../ui/Button'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { DelegationBusy, DelegationResult, recordOutcome, useCloseWithOutcome } from './delegationOutcome'

type View = 'prompt' | 'revoking' | 'revoked' | 'failed'

/**
 * 'Revoke permission' (docs/delegated-actions.md#revoke-screen): 'Deny' keeps the delegation; 'Confirm'
 * revokes every delegation of the user to the app and re-splits the wallets' shares. The result ('Permission
 * revoked', or 'Something went wrong. Try again.' / 'Please try again.') shows, then the modal closes and the
 * hook answers. 'Deny' and Close answer with a user rejection.
 */
export function DelegatedRevoke({ params }: ScreenProps<'delegatedActionsRevoke'>) {
  const { client, messages, appName, close } = useModal()
  const m = messages.delegatedActions
  const { settle, outcome } = params
  const [view, setView] = useState<View>('prompt')
  useCloseWithOutcome(outcome, settle, view === 'revoked' || view === 'failed' ? view : undefined)

  const confirm = async () => {
    setView('revoking')
    const revoked = await recordOutcome(outcome, async () => (await loadWallet()).revokeWallets(client))
    setView(revoked ? 'revoked' : 'failed')
  }
  const deny = () => {
    settle.reject()
    close()
  }

  if (view === 'revoked' || view === 'failed')
    return <DelegationResult ok={view === 'revoked'} successTitle={m.revokedTitle} />
  const busy = view === 'revoking'
  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{m.revokeTitle}</ScreenTitle>} />
      <p className="foyer-text">{formatMessage(m.revokeDetail, { app: appName })}</p>
      {busy ? <DelegationBusy /> : null}
      <Button block disabled={busy} onClick={() => void confirm()}>
        {m.confirm}
      </Button>
      <Button block variant="secondary" disabled={busy} onClick={deny}>
        {m.deny}
      </Button>
    </div>
  )
}

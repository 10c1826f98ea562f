import { useEffect, useState } from 'react'
import { errorOutcome } from '../../../errors/errorOutcome'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { loadWallet } from '../../../hooks/loadWallet'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { CopyButton } from '../../../ui/CopyButton'
import { Notice } from '../../../ui/Notice'
import { QrCode } from '../../../ui/QrCode'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { Spinner } from '../../../ui/Spinner'
import { SuccessNotice } from '../../Success/SignedInNotice'

type View =
  | { kind: 'starting' }
  | { kind: 'pending'; url: string }
  | { kind: 'approved' }
  | { kind: 'failed'; text: string }

/**
 * 'Add a signer to Farcaster' (): the wallet frame makes the signer key and the server
 * its signed key request; the screen shows the approval link as a QR code, a copyable link and an
 * open-in-app button, and polls the signer every 2 s for up to 300 s. Approved → 'Success!' and the modal
 * closes; revoked → 'Request rejected'; time-out → 'The request timed out. Try again.'; any other failure →
 * 'Connect failed' (docs/errors.md "Farcaster"). 'Try again' starts over.
 */
export function FarcasterSigner({ params }: ScreenProps<'farcasterSigner'>) {
  const [attempt, setAttempt] = useState(0)
  // Each attempt is a fresh request (a new key when the last one was revoked).
  return (
    <SignerRequest key={attempt} settle={params.settle} onRetry={() => setAttempt((value) => value + 1)} />
  )
}

function SignerRequest({
  settle,
  onRetry,
}: {
  settle: ScreenProps<'farcasterSigner'>['params']['settle']
  onRetry: () => void
}) {
  const { client, messages } = useModal()
  const m = messages.farcasterSigner
  const [view, setView] = useState<View>({ kind: 'starting' })
  useCloseAfterSuccess(view.kind === 'approved')

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    ;(async () => {
      const wallet = await loadWallet()
      const signer = await wallet.initFarcasterSigner(client)
      signal.throwIfAborted()
      if (signer.status === 'revoked') throw new wallet.FarcasterSignerError('farcaster_signer_rejected')
      if (signer.status === 'pending_approval') setView({ kind: 'pending', url: signer.signer_approval_url })
      // Approved already: one status call refreshes the user.
      const approved = await wallet.waitForFarcasterSigner(client, { publicKey: signer.public_key, signal })
      setView({ kind: 'approved' })
      settle.resolve(approved)
    })().catch((caught: unknown) => {
      if (signal.aborted) return
      setView({ kind: 'failed', text: errorOutcome('farcasterSigner', toErrorInfo(caught)).text(messages) })
    })
    return () => controller.abort()
  }, [client, settle, messages])

  if (view.kind === 'approved') return <SuccessNotice title={m.successTitle} detail={m.successDetail} />
  if (view.kind === 'failed')
    return (
      <Notice title={<ScreenTitle>{view.text}</ScreenTitle>}>
        <Button block onClick={onRetry}>
          {m.retry}
        </Button>
      </Notice>
    )
  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{m.title}</ScreenTitle>} />
      <p className="foyer-text">{m.detail}</p>
      {view.kind === 'pending' ? (
        <>
          <div className="foyer-center">
            <QrCode value={view.url} label={m.qrLabel} size={160} />
          </div>
          <p className="foyer-center" role="status">
            <Spinner />
            <span>{m.waiting}</span>
          </p>
          <a className="foyer-button foyer-button-block" data-variant="primary" href={view.url}>
            {m.openApp}
          </a>
          <CopyButton
            text={view.url}
            label={m.copyLink}
            copiedLabel={m.copied}
            feedbackMs={1500}
            variant="link"
          />
        </>
      ) : (
        <div className="foyer-center" role="status">
          <Spinner size="large" />
          <span className="foyer-sr-only">{m.starting}</span>
        </div>
      )}
    </div>
  )
}

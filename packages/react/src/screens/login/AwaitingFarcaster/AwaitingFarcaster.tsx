import { COPY_FEEDBACK_MS } from '@foyer/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { signInMode } from '../../../modal/signInMode'
import { Button } from '../../../ui/Button'
import { CopyButton } from '../../../ui/CopyButton'
import { FarcasterIcon } from '../../../ui/FarcasterIcon'
import { QrCode } from '../../../ui/QrCode'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { Spinner } from '../../../ui/Spinner'
import { ApprovalFailureActions } from '../../ApprovalFailureActions'
import { SignedInNotice } from '../../Success/SignedInNotice'
import { useApprovalFailure } from '../../useApprovalFailure'
import {
  initLoginWithFarcaster,
  linkFarcaster,
  loginWithFarcaster,
  waitForFarcasterApproval,
} from './farcasterActions'

type Status =
  | { kind: 'starting' }
  | { kind: 'waiting'; connectUri: string }
  | { kind: 'verifying' }
  | { kind: 'success' }
  | { kind: 'error'; message: string; retry: boolean }

/** Whether this is a phone or tablet browser, where the Farcaster app is on the same device. */
function isMobileBrowser(): boolean {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
}

/**
 * The awaiting-Farcaster screen (docs/modal.md "Awaiting Farcaster connection", "Farcaster", docs/errors.md,
 * docs/limits.md): opens a Sign In With Farcaster channel (`initLoginWithFarcaster`, with the captcha token
 * of the sign-in), shows its link as a QR code with a 'Copy link' button on desktop, or an 'Open the
 * Farcaster app' button on mobile, and polls the channel every 2 s; once the user approved, signs in (the
 * modal closes after 'Success!') or links (the success screen, and the link hook resolves). No approval
 * within 120 s shows 'The request timed out. Try again.'; failures show the docs/errors.md Farcaster texts
 * (the error table's `farcaster` flow) with 'Try again' where allowed, or go to the account-not-found,
 * user-limit or error screen. 'Try again' opens a new channel (through the captcha screen again when the
 * sign-in had a token, which is single use). Leaving the screen stops the polling.
 */
export function AwaitingFarcaster({ params }: ScreenProps<'awaitingFarcaster'>) {
  const modal = useModal()
  const { client, router, messages } = modal
  const authMode = signInMode(modal)
  const m = messages.farcaster
  const [status, setStatus] = useState<Status>({ kind: 'starting' })
  const fail = useApprovalFailure('farcaster', setStatus, params)
  const isMounted = useIsMounted()
  const firstRun = useRef(true)
  const polling = useRef<AbortController | null>(null)

  // Stop polling when the screen goes away (checked after React's strict-mode re-mount).
  useEffect(
    () => () => {
      queueMicrotask(() => {
        if (!isMounted()) polling.current?.abort()
      })
    },
    [isMounted],
  )

  const run = useCallback(async () => {
    const captchaToken = firstRun.current ? params.captchaToken : undefined
    firstRun.current = false
    polling.current?.abort()
    const controller = new AbortController()
    polling.current = controller
    setStatus({ kind: 'starting' })
    try {
      const { channelToken, connectUri } = await initLoginWithFarcaster(client, { captchaToken })
      if (controller.signal.aborted) return
      setStatus({ kind: 'waiting', connectUri })
      const completed = await waitForFarcasterApproval(client, { channelToken, signal: controller.signal })
      if (!isMounted()) return
      setStatus({ kind: 'verifying' })
      const signed = {
        channelToken,
        message: completed.message,
        signature: completed.signature,
        fid: completed.fid,
      }
      if (params.action === 'link') {
        const user = await linkFarcaster(client, signed)
        params.settle?.resolve(user)
        if (isMounted()) router.replace('success', { detail: 'linked' })
        return
      }
      await loginWithFarcaster(client, { ...signed, mode: authMode })
      if (isMounted()) setStatus({ kind: 'success' })
    } catch (caught) {
      if (controller.signal.aborted) return
      fail(caught, {
        transfer: { linkMethod: 'farcaster' },
      })
    }
  }, [client, authMode, isMounted, params, router, fail])

  useStartOnce(run)
  useCloseAfterSuccess(status.kind === 'success')

  const retry = () => {
    if (params.captchaToken !== undefined) {
      router.replace('captcha', { start: { kind: 'farcaster' } })
      return
    }
    void run()
  }

  if (status.kind === 'success') return <SignedInNotice />
  const back = router.getHistory().length > 1 ? () => router.back() : undefined
  const header = (
    <ScreenHeader
      title={
        <ScreenTitle>
          {status.kind === 'error' ? m.errorTitle : params.action === 'link' ? m.linkTitle : m.title}
        </ScreenTitle>
      }
      onBack={back}
      backLabel={messages.modal.back}
    />
  )
  if (status.kind === 'error')
    return (
      <div className="foyer-screen">
        {header}
        <div className="foyer-row">
          <FarcasterIcon />
          <span>Farcaster</span>
        </div>
        <ApprovalFailureActions failure={status} onRetry={retry} back={back} labels={m} />
      </div>
    )
  if (status.kind !== 'waiting')
    return (
      <div className="foyer-screen" aria-busy="true">
        {header}
        <Spinner />
        <p className="foyer-text" role="status">
          {status.kind === 'verifying' ? m.verifying : messages.modal.loading}
        </p>
      </div>
    )
  const mobile = isMobileBrowser()
  return (
    <div className="foyer-screen">
      {header}
      {mobile ? (
        <>
          <p className="foyer-text">{m.openAppDetail}</p>
          <Button block onClick={() => window.open(status.connectUri, '_blank', 'noopener')}>
            <FarcasterIcon />
            {m.openApp}
          </Button>
        </>
      ) : (
        <>
          <p className="foyer-text">{m.scan}</p>
          <div className="foyer-row" style={{ justifyContent: 'center' }}>
            <QrCode value={status.connectUri} label={m.qrLabel} />
          </div>
          <CopyButton
            text={status.connectUri}
            label={m.copyLink}
            copiedLabel={m.copied}
            feedbackMs={COPY_FEEDBACK_MS}
          />
        </>
      )}
      <p className="foyer-text" role="status">
        {m.waiting}
      </p>
    </div>
  )
}

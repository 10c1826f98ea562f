import { loginWithPasskey } from '@foyer/core'
import { useCallback, useState } from 'react'
import { errorOutcome } from '../../../errors/errorOutcome'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { Spinner } from '../../../ui/Spinner'
import { SuccessNotice } from '../../Success/SignedInNotice'

type Status = 'loading' | 'submitting-response' | 'success' | 'error'

/**
 * Awaiting-passkey screen (docs/modal.md "Awaiting passkey system dialogue", "Passkey"): starts
 * `loginWithPasskey` on mount (init → browser prompt → 'submitting-response' → server). States:
 * - loading: 'Waiting for your passkey' with a spinner (`aria-busy`);
 * - success: 'Success!' (`role="status"`), then the modal closes after `SUCCESS_CLOSE_DELAY_MS`;
 * - error: the documented text (docs/errors.md) (`role="alert"`) and 'Try again'.
 * With a captcha token (`params.captchaToken`, from the captcha screen) the sign-in carries it; it is single
 * use, so 'Try again' then goes back through the captcha screen.
 */
export function AwaitingPasskey({ params }: ScreenProps<'awaitingPasskey'>) {
  const { client, router, messages } = useModal()
  const m = messages.passkey
  const [status, setStatus] = useState<Status>('loading')
  const [error, setError] = useState('')
  const isMounted = useIsMounted()

  const start = useCallback(async () => {
    setStatus('loading')
    try {
      await loginWithPasskey(client, {
        captchaToken: params?.captchaToken,
        onSubmitting: () => {
          if (isMounted()) setStatus('submitting-response')
        },
      })
      if (isMounted()) setStatus('success')
    } catch (caught) {
      if (!isMounted()) return
      setError(errorOutcome('passkey', toErrorInfo(caught)).text(messages))
      setStatus('error')
    }
  }, [client, isMounted, messages, params])

  useStartOnce(start)
  useCloseAfterSuccess(status === 'success')

  if (status === 'success') return <SuccessNotice title={m.successTitle} detail={m.successDetail} />
  if (status === 'error')
    return (
      <div className="foyer-screen">
        <ModalScreenHeader title={m.errorTitle} onBack={router.back} />
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
        <Button
          onClick={() => (params ? router.replace('captcha', { start: { kind: 'passkey' } }) : void start())}
        >
          {m.retry}
        </Button>
      </div>
    )
  return (
    <div className="foyer-screen" aria-busy="true">
      <ModalScreenHeader title={m.title} onBack={router.back} />
      <div className="foyer-center">
        <Spinner size="large" />
      </div>
      <p className="foyer-text" role="status">
        {status === 'loading' ? m.loading : m.submitting}
      </p>
      <p className="foyer-text">{m.loadingDetail}</p>
    </div>
  )
}

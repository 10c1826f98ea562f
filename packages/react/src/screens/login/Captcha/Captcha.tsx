import { useCallback, useEffect, useRef, useState } from 'react'
import { useCaptcha } from '../../../captcha/useCaptcha'
import type { ErrorInfo } from '../../../errors/ErrorInfo'
import { errorScreenCopy } from '../../../errors/errorScreenCopy'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { AlertIcon, CheckIcon } from '../../../ui/icons'
import { Spinner } from '../../../ui/Spinner'
import { continueLogin } from '../startLogin'

type Phase = 'loading' | 'success' | 'error'

/**
 * Captcha screen (docs/modal.md "Captcha screen", "Starting a login"): runs the invisible Turnstile challenge
 * on mount — "Checking that you are a human..." with a spinner; the widget's container shows only if the
 * challenge needs the visitor to interact — then "Success!" while the login it guards continues with the
 * token (the code is sent or the passkey prompt opens; see `continueLogin`). On failure: "Something went
 * wrong" with the reason ('You did not pass CAPTCHA. Please try again.' or, after 20 s, 'Something went
 * wrong! Please try again later.'), 'Retry' (runs it again) and 'Continue' (back to the landing). The
 * heading sits in a polite live region, so each state is announced.
 */
export function Captcha({ params }: ScreenProps<'captcha'>) {
  const { client, router, state, messages, config } = useModal()
  const m = messages.captcha
  const { containerRef, getToken } = useCaptcha()
  const [phase, setPhase] = useState<Phase>('loading')
  const [error, setError] = useState<ErrorInfo | null>(null)
  const isMounted = useIsMounted()
  const actionsRef = useRef<HTMLDivElement>(null)

  const run = useCallback(async () => {
    setPhase('loading')
    setError(null)
    let token: string
    try {
      token = await getToken()
    } catch (caught) {
      if (!isMounted()) return
      setError(toErrorInfo(caught))
      setPhase('error')
      return
    }
    if (!isMounted()) return
    setPhase('success')
    await continueLogin({ client, router, state, config }, params.start, token)
  }, [getToken, isMounted, client, router, state, config, params.start])

  useStartOnce(run)

  useEffect(() => {
    // Keyboard users land on 'Retry' (the dialog keeps focus inside; docs/conventions.md "Accessibility").
    if (phase === 'error') actionsRef.current?.querySelector('button')?.focus()
  }, [phase])

  const title = phase === 'loading' ? m.checking : phase === 'success' ? m.success : m.error
  return (
    <div className="foyer-screen" aria-busy={phase === 'loading' || undefined}>
      <div className="foyer-screen" role="status" aria-live="polite">
        {phase === 'loading' ? (
          <div className="foyer-center">
            <Spinner size="large" />
          </div>
        ) : (
          <div className="foyer-icon-circle" data-tone={phase === 'success' ? 'success' : 'error'}>
            {phase === 'success' ? <CheckIcon /> : <AlertIcon />}
          </div>
        )}
        <ScreenTitle>{title}</ScreenTitle>
        {error ? <p className="foyer-text">{errorScreenCopy(error, messages).detail}</p> : null}
      </div>
      {/* Turnstile renders here, visible only when the challenge needs interaction (stays mounted across states). */}
      <div ref={containerRef} className="foyer-captcha" />
      {phase === 'error' ? (
        <div className="foyer-screen" ref={actionsRef}>
          <Button block onClick={() => void run()}>
            {m.retry}
          </Button>
          <Button variant="secondary" block onClick={() => router.back()}>
            {m.continue}
          </Button>
        </div>
      ) : null}
    </div>
  )
}

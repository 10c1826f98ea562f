import {
  getTelegramWebAppData,
  linkTelegram,
  loadTelegramWidget,
  loginWithTelegram,
  type TelegramProof,
} from '@foyer/core/telegram'
import { TELEGRAM_WIDGET_SCRIPT_URL } from '@foyer/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import { errorOutcome } from '../../../errors/errorOutcome'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useFoyerContext } from '../../../FoyerProvider/FoyerContext'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../modal/screenParams'
import { signInMode } from '../../../modal/signInMode'
import { Button } from '../../../ui/Button'
import { Spinner } from '../../../ui/Spinner'
import { ApprovalFailureActions } from '../../ApprovalFailureActions'
import { SignedInNotice } from '../../Success/SignedInNotice'
import { useApprovalFailure } from '../../useApprovalFailure'

type Status =
  | { kind: 'loading' }
  | { kind: 'waiting'; notConfirmed?: boolean }
  | { kind: 'verifying' }
  | { kind: 'success' }
  | { kind: 'error'; message: string; retry: boolean }

/** How long after the page regains focus from Telegram's window the login counts as not confirmed, in ms. */
const NOT_CONFIRMED_AFTER_MS = 2000

/** The origin of Telegram's confirmation window (the widget script's popup). */
const TELEGRAM_OAUTH_ORIGIN = 'https://oauth.telegram.org'

/** Whether `data` (a `message` event's data, JSON text or an object) is Telegram's declined answer. */
function isDeclinedAnswer(data: unknown): boolean {
  let message: unknown = data
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data)
    } catch {
      return false
    }
  }
  if (typeof message !== 'object' || message === null) return false
  const { event, result } = message as { event?: unknown; result?: unknown }
  return event === 'auth_result' && !result
}

/**
 * While `waiting`, watches for the user coming back from Telegram's window with no result. Declined there,
 * Telegram's window posts `{ event: 'auth_result', result: false }` to the page (from its own origin, or
 * the widget script's, `scriptUrl`), which the widget passes on to nobody: `onNotConfirmed` runs at once.
 * Closed without an answer, the page loses focus to it and regains it: `onNotConfirmed` runs
 * {@link NOT_CONFIRMED_AFTER_MS} later (a result arriving first unmounts the wait).
 */
function useNotConfirmedInTelegram(waiting: boolean, scriptUrl: string, onNotConfirmed: () => void): void {
  const callback = useRef(onNotConfirmed)
  callback.current = onNotConfirmed
  useEffect(() => {
    if (!waiting) return
    const origins = new Set([TELEGRAM_OAUTH_ORIGIN, new URL(scriptUrl, window.location.href).origin])
    const onMessage = (event: MessageEvent) => {
      if (origins.has(event.origin) && isDeclinedAnswer(event.data)) callback.current()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [waiting, scriptUrl])
  useEffect(() => {
    if (!waiting) return
    let away = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const onBlur = () => {
      away = true
      clearTimeout(timer)
    }
    const onFocus = () => {
      if (!away) return
      away = false
      timer = setTimeout(() => callback.current(), NOT_CONFIRMED_AFTER_MS)
    }
    window.addEventListener('blur', onBlur)
    window.addEventListener('focus', onFocus)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('blur', onBlur)
      window.removeEventListener('focus', onFocus)
    }
  }, [waiting])
}

/**
 * Telegram screen (docs/modal.md "Telegram auth screen", docs/errors.md "Telegram"). Signs in or links
 * with the proof at hand — the login widget's redirect return (`params.authResult`, read at page load), or
 * inside a Telegram mini app its `initData` — else renders Telegram's login widget for the app's bot
 * (`telegram_auth_config.bot_name`; script `config.telegram.widgetScriptUrl`, redirect variant with
 * `config.telegram.authUrl`) and waits for the user to confirm in Telegram's window. Progress shows while
 * the widget loads, while the user confirms and while the proof is verified; back from Telegram's window
 * without a result (declined or closed), it says the login was not confirmed, beside the widget's button and
 * 'Try another method'; then success (the modal
 * closes; after a link, the success screen) or the docs/errors.md Telegram text with 'Retry' where allowed
 * (`errorOutcome('telegram', …)`); account-not-found, user-limit and the login error screen take over for
 * their codes. A retry after a captcha goes back through the captcha screen (its token is single use).
 */
export function Telegram({ params }: ScreenProps<'telegram'>) {
  const modal = useModal()
  const { client, router, messages, config, state } = modal
  const { nonce } = useFoyerContext('Telegram')
  const authMode = signInMode(modal, 'telegram')
  const m = messages.telegram
  const botName = state.appConfig?.telegram_auth_config?.bot_name ?? null
  const [inHand] = useState<TelegramProof | null>(() => {
    if (params.authResult) return { authResult: params.authResult }
    const webAppData = getTelegramWebAppData()
    return webAppData ? { webAppData } : null
  })
  const [status, setStatus] = useState<Status>({ kind: inHand ? 'verifying' : 'loading' })
  const fail = useApprovalFailure('telegram', setStatus, params)
  const [attempt, setAttempt] = useState(0)
  const containerRef = useRef<HTMLDivElement>(null)
  const captchaSpent = useRef(false)
  const isMounted = useIsMounted()

  const finish = useCallback(
    async (proof: TelegramProof) => {
      setStatus({ kind: 'verifying' })
      try {
        if (params.action === 'link') {
          const user = await linkTelegram(client, proof)
          params.settle?.resolve(user)
          if (isMounted()) router.replace('success', { detail: 'linked' })
          return
        }
        const captchaToken = captchaSpent.current ? undefined : params.captchaToken
        captchaSpent.current = true
        await loginWithTelegram(client, {
          ...proof,
          captchaToken,
          disableSignup: authMode === 'no-signup',
        })
        if (isMounted()) setStatus({ kind: 'success' })
      } catch (caught) {
        fail(caught, {
          transfer: { linkMethod: 'telegram', telegram: proof },
        })
      }
    },
    [client, authMode, isMounted, params, router, fail],
  )

  useStartOnce(useCallback(async () => (inHand ? finish(inHand) : undefined), [finish, inHand]))

  // The login widget, (re)rendered for each attempt while no proof is in hand.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry: it renders the widget anew
  useEffect(() => {
    const container = containerRef.current
    if (inHand || !container || !botName) return
    const widget = loadTelegramWidget({
      container,
      botName,
      scriptUrl: config?.telegram?.widgetScriptUrl,
      authUrl: config?.telegram?.authUrl,
      nonce,
      onAuth: (authResult) => void finish({ authResult }),
    })
    widget.loaded.then(
      () => setStatus((current) => (current.kind === 'loading' ? { kind: 'waiting' } : current)),
      (error: unknown) => {
        const outcome = errorOutcome('telegram', toErrorInfo(error))
        if (outcome.kind === 'inline')
          setStatus({ kind: 'error', message: outcome.text(messages), retry: outcome.retry })
      },
    )
    return () => widget.remove()
  }, [attempt, botName, config, finish, inHand, messages, nonce])

  useCloseAfterSuccess(status.kind === 'success')
  useNotConfirmedInTelegram(
    status.kind === 'waiting',
    config?.telegram?.widgetScriptUrl ?? TELEGRAM_WIDGET_SCRIPT_URL,
    () =>
      setStatus((current) =>
        current.kind === 'waiting' ? { kind: 'waiting', notConfirmed: true } : current,
      ),
  )

  const retry = () => {
    if (params.action === 'login' && params.captchaToken !== undefined) {
      router.replace('captcha', { start: { kind: 'telegram' } })
      return
    }
    if (inHand) {
      void finish(inHand)
      return
    }
    setStatus({ kind: 'loading' })
    setAttempt((count) => count + 1)
  }

  if (status.kind === 'success') return <SignedInNotice />
  const back = router.getHistory().length > 1 ? () => router.back() : undefined
  const showWidget = status.kind === 'loading' || status.kind === 'waiting'
  return (
    <div className="foyer-screen" aria-busy={status.kind !== 'error' && status.kind !== 'waiting'}>
      <ModalScreenHeader title={params.action === 'link' ? m.linkTitle : m.continueWith} onBack={back} />
      <div ref={containerRef} className="foyer-row" hidden={!showWidget} data-testid="telegram-widget" />
      {status.kind === 'error' ? (
        <ApprovalFailureActions failure={status} onRetry={retry} back={back} labels={m} />
      ) : (
        <>
          {status.kind === 'waiting' ? null : <Spinner />}
          <p className="foyer-text" role="status">
            {status.kind === 'loading'
              ? m.loadingWidget
              : status.kind === 'waiting'
                ? status.notConfirmed
                  ? m.notConfirmed
                  : m.waiting
                : m.verifying}
          </p>
          {status.kind === 'waiting' && status.notConfirmed && back ? (
            <Button variant="secondary" onClick={back}>
              {m.tryAnotherMethod}
            </Button>
          ) : null}
        </>
      )}
    </div>
  )
}

import { startCrossAppAuthFlow } from '@foyer/core/cross-app'
import type { OAuthPopupRef } from '@foyer/core/oauth'
import { openOAuthPopup } from '@foyer/core/oauth'
import { useCallback, useRef, useState } from 'react'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../modal/screenParams'
import { signInMode } from '../../../modal/signInMode'
import { Button } from '../../../ui/Button'
import { Spinner } from '../../../ui/Spinner'
import { SignedInNotice } from '../../Success/SignedInNotice'
import { useApprovalFailure } from '../../useApprovalFailure'
import { useCrossAppDetails } from './useCrossAppDetails'

type Status = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; message: string; retry: boolean }

/**
 * The cross-app screen (docs/modal.md "Cross-app auth"): logs in (or, for a signed-in user,
 * links) through another app of the server in a popup on the provider's origin, where the user signs in to
 * the provider and consents (core `startCrossAppAuthFlow`; 120 s). While the popup is open it says so; on
 * success the modal closes (after a link: the success screen); failures show their text (docs/errors.md
 * OAuth, docs/errors.md cross-app) with 'Retry' where allowed, which opens a new popup in its click.
 */
export function CrossAppStatus({ params }: ScreenProps<'crossAppStatus'>) {
  const modal = useModal()
  const { client, router, messages } = modal
  const authMode = signInMode(modal)
  const m = messages.crossApp
  const details = useCrossAppDetails(params.appId)
  const name = details?.name ?? params.appId
  const [status, setStatus] = useState<Status>({ kind: 'verifying' })
  const fail = useApprovalFailure('oauth', setStatus, params)
  const isMounted = useIsMounted()
  const firstRun = useRef(true)

  const run = useCallback(
    async (popup: OAuthPopupRef | null | undefined) => {
      const captchaToken = firstRun.current ? params.captchaToken : undefined
      firstRun.current = false
      setStatus({ kind: 'verifying' })
      try {
        const { user } = await startCrossAppAuthFlow(client, {
          appId: params.appId,
          action: params.action,
          popup,
          captchaToken,
          disableSignup: authMode === 'no-signup',
        })
        if (params.action === 'link') {
          params.settle?.resolve(user)
          if (isMounted()) router.replace('success', { detail: 'linked' })
          return
        }
        if (isMounted()) setStatus({ kind: 'success' })
      } catch (caught) {
        fail(caught, { format: (text) => formatMessage(text, { provider: name, scope: name }) })
      }
    },
    [client, authMode, isMounted, name, params, router, fail],
  )

  useStartOnce(useCallback(() => run(params.popup), [run, params.popup]))
  useCloseAfterSuccess(status.kind === 'success')

  const back = router.getHistory().length > 1 ? () => router.back() : undefined
  const icon = details?.icon_url ? <img src={details.icon_url} alt="" width={20} height={20} /> : null
  if (status.kind === 'success') return <SignedInNotice />
  if (status.kind === 'error')
    return (
      <div className="foyer-screen">
        <ModalScreenHeader title={formatMessage(m.errorTitle, { provider: name })} onBack={back} />
        <p className="foyer-error-text" role="alert">
          {status.message}
        </p>
        {status.retry ? (
          <Button
            onClick={() => {
              if (params.captchaToken !== undefined) {
                router.replace('captcha', { start: { kind: 'crossApp', appId: params.appId } })
                return
              }
              void run(openOAuthPopup())
            }}
          >
            {m.retry}
          </Button>
        ) : null}
      </div>
    )
  const title = formatMessage(params.action === 'link' ? m.linkingTitle : m.verifyingTitle, {
    provider: name,
  })
  return (
    <div className="foyer-screen" aria-busy="true">
      <ModalScreenHeader title={title} onBack={back} />
      <div className="foyer-row">
        {icon}
        <span>{name}</span>
      </div>
      <Spinner />
      <p className="foyer-text" role="status">
        {formatMessage(m.waitingPopup, { provider: name })}
      </p>
    </div>
  )
}

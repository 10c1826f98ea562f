import { type PhantomLinkOutcome, resumePhantomLink } from '@foyer/core/external-wallets'
import { useCallback, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import { Button } from '../../../ui/Button'
import { Spinner } from '../../../ui/Spinner'
import { SuccessNotice } from '../../Success/SignedInNotice'
import { openPhantomLink } from './phantomOnPhone'

type Status = { step: 'reading' } | { step: 'sign'; link: string } | { step: 'success' }

/**
 * The page Phantom sent the user back to (docs/external-wallets.md "Phantom on a phone"): reads Phantom's
 * answer (`resumePhantomLink`, which removes it from the address bar). After `connect`: 'Sign to verify',
 * with 'Sign with Phantom' sending the user to the `signMessage` link of the SIWS message (from a click: a
 * universal link opens the app only from a user's tap). After the signature: signed in, 'Success!', the
 * modal closes. A refusal or a broken answer goes to the error screen.
 */
export function PhantomReturn() {
  const { client, config, messages, router } = useModal()
  const m = messages.phantom
  const w = messages.externalWallets
  const [status, setStatus] = useState<Status>({ step: 'reading' })
  const isMounted = useIsMounted()

  const resume = useCallback(async () => {
    let outcome: PhantomLinkOutcome | null
    try {
      outcome = await resumePhantomLink(client, { baseUrl: config?.phantom?.universalLinkBaseUrl })
    } catch (caught) {
      if (isMounted()) router.replace('error', toErrorInfo(caught))
      return
    }
    if (!isMounted()) return
    if (outcome?.kind === 'sign') setStatus({ step: 'sign', link: outcome.link })
    else if (outcome?.kind === 'signedIn') setStatus({ step: 'success' })
    else router.reset('landing')
  }, [client, config, isMounted, router])
  useStartOnce(resume)
  useCloseAfterSuccess(status.step === 'success')

  if (status.step === 'success') return <SuccessNotice title={w.successTitle} detail={w.successDetail} />
  if (status.step === 'sign') {
    const { link } = status
    return (
      <div className="foyer-screen">
        <ModalScreenHeader title={w.signTitle} />
        <p className="foyer-text">{m.signDetail}</p>
        <Button onClick={() => openPhantomLink(link)}>{m.sign}</Button>
      </div>
    )
  }
  return (
    <div className="foyer-screen" aria-busy="true">
      <ModalScreenHeader title={m.returningTitle} />
      <Spinner />
      <p className="foyer-text" role="status">
        {m.returning}
      </p>
    </div>
  )
}

import { beginPhantomLinkSignIn } from '@foyer/core/external-wallets'
import { useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import { signInMode } from '../../../modal/signInMode'
import { Button } from '../../../ui/Button'
import { openPhantomLink, PHANTOM_DOWNLOAD_URL } from './phantomOnPhone'

/**
 * Phantom's interstitial on a phone without Phantom (docs/external-wallets.md "Phantom on a phone"): 'Open
 * in Phantom' stores a fresh x25519 key pair and sends the page to Phantom's `connect` universal link (the
 * app opens; the config's `phantom.universalLinkBaseUrl` replaces `https://phantom.app/ul/v1`); Phantom
 * sends the user back to this page, where the sign-in continues. Below it, the install guide: the download
 * page, and 'Reload the page to use your wallet' once it is installed.
 */
export function PhantomInterstitial() {
  const modal = useModal()
  const { client, config, messages, router } = modal
  const m = messages.phantom
  const [leaving, setLeaving] = useState(false)
  const [error, setError] = useState('')

  const open = async () => {
    setLeaving(true)
    setError('')
    try {
      const link = await beginPhantomLinkSignIn(client, {
        mode: signInMode(modal),
        baseUrl: config?.phantom?.universalLinkBaseUrl,
      })
      openPhantomLink(link)
    } catch (caught) {
      setError(toErrorInfo(caught).message ?? messages.externalWallets.unableToConnect)
      setLeaving(false)
    }
  }

  return (
    <div className="foyer-screen">
      <ModalScreenHeader title={m.title} onBack={router.back} />
      <p className="foyer-text">{m.detail}</p>
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <Button onClick={() => void open()} busy={leaving}>
        {m.open}
      </Button>
      <section aria-labelledby="foyer-phantom-install" style={{ display: 'grid', gap: 8 }}>
        <h3 id="foyer-phantom-install" className="foyer-text" style={{ margin: 0, fontWeight: 600 }}>
          {m.installTitle}
        </h3>
        <p className="foyer-text" style={{ margin: 0 }}>
          {m.installDetail}
        </p>
        <a
          className="foyer-option"
          href={PHANTOM_DOWNLOAD_URL}
          target="_blank"
          rel="noopener noreferrer"
          style={{ flexDirection: 'row', justifyContent: 'space-between', textDecoration: 'none' }}
        >
          <span>{m.install}</span>
          <span aria-hidden="true">↗</span>
        </a>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {m.reload}
        </Button>
      </section>
    </div>
  )
}

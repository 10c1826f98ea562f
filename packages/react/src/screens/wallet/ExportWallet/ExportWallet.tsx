import { exportWallet } from '@foyer/core/wallet'
import { KEY_EXPORT_MIN_DISPLAY_MS } from '@foyer/protocol'
import { useEffect, useRef, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { exportFrameTheme } from '../../../theme/exportFrameTheme'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { Spinner } from '../../../ui/Spinner'

/**
 * Key export, 'Transfer wallet' (docs/modal.md, docs/limits.md): hosts the export frame from the wallet's
 * server origin; the key (and the phrase of a non-imported Ethereum wallet) is rendered inside that frame and
 * never reaches this page; the frame gets the modal's theme tokens (`exportFrameTheme`), its language (the
 * page's texts); it starts at `EXPORT_FRAME_*_HEIGHT_PX` and then takes the height the frame reports for its
 * content, so nothing in it is cut off or scrolls; Escape inside the frame ends the export. The loading state
 * shows for at least `KEY_EXPORT_MIN_DISPLAY_MS` (1 s). MFA is asked before this screen opens
 * (`useExportWallet`), and again in front of it if the server still refuses.
 */
export function ExportWallet({ params }: ScreenProps<'exportWallet'>) {
  const { client, messages, language, theme, close } = useModal()
  const m = messages.exportWallet
  const { wallet, settle } = params
  const box = useRef<HTMLDivElement>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | undefined>(undefined)
  // Set once the frame reported its content height: the box then follows the frame.
  const [sized, setSized] = useState(false)
  const finish = useRef(() => {})
  finish.current = () => {
    settle.resolve(undefined)
    close()
  }

  useEffect(() => {
    const controller = new AbortController()
    const started = Date.now()
    let timer: ReturnType<typeof setTimeout> | undefined
    exportWallet(client, {
      wallet,
      width: box.current?.clientWidth || undefined,
      mount: (iframe) => box.current?.appendChild(iframe),
      theme: exportFrameTheme(theme),
      locale: language,
      signal: controller.signal,
      // `useExportWallet` had the user verify before this screen (docs/api.md).
      verifyFirst: false,
      onResize: () => setSized(true),
      // Escape inside the frame ends the export as Escape on the modal does.
      onEscape: () => finish.current(),
    }).then(
      () => {
        const wait = Math.max(0, KEY_EXPORT_MIN_DISPLAY_MS - (Date.now() - started))
        timer = setTimeout(() => setLoading(false), wait)
      },
      (caught) => {
        if (controller.signal.aborted) return
        setLoading(false)
        setError(toErrorInfo(caught).message ?? messages.recovery.genericError)
      },
    )
    return () => {
      clearTimeout(timer)
      controller.abort() // removes the export frame
    }
  }, [client, wallet, messages, language, theme])

  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{m.title}</ScreenTitle>} />
      <p className="foyer-text">{m.detail}</p>
      <div
        ref={box}
        className="foyer-frame-box"
        data-phrase={(wallet.chainType === 'ethereum' && !wallet.imported) || undefined}
        data-loading={loading || undefined}
        data-sized={sized || undefined}
        aria-busy={loading || undefined}
      >
        {loading ? (
          <div className="foyer-center" role="status">
            <Spinner size="large" />
            <span className="foyer-sr-only">{m.loading}</span>
          </div>
        ) : null}
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <Button block onClick={() => finish.current()}>
        {m.done}
      </Button>
    </div>
  )
}

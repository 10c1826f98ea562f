import { importWallet } from '@foyer/core/wallet'
import { useEffect, useRef, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { exportFrameTheme } from '../../../theme/exportFrameTheme'
import { Alert } from '../../../ui/Alert'
import { ScreenHeader } from '../../../ui/ScreenHeader'

/**
 * Key import, 'Import a wallet' (docs/embedded-wallets.md#imported-keys): hosts the import page from the
 * wallet server's origin; the user types or pastes the key into that frame's own form, so the key never
 * reaches this page. The frame takes the modal's theme tokens and the height it reports; Escape inside it
 * closes the screen. Resolves with the imported wallet; closing the screen rejects with
 * `'wallet_import_canceled'`.
 */
export function ImportWallet({ params }: ScreenProps<'importWallet'>) {
  const { client, messages, theme, close } = useModal()
  const m = messages.importWallet
  const { chainType, settle } = params
  const box = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | undefined>(undefined)
  const [sized, setSized] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    importWallet(client, {
      chainType,
      mount: (iframe) => box.current?.appendChild(iframe),
      theme: exportFrameTheme(theme),
      signal: controller.signal,
      onResize: () => setSized(true),
      onEscape: () => close(),
    }).then(
      (wallet) => {
        settle.resolve(wallet)
        close()
      },
      (caught) => {
        if (controller.signal.aborted) return
        setError(toErrorInfo(caught).message ?? messages.recovery.genericError)
      },
    )
    return () => controller.abort() // removes the import frame
  }, [client, chainType, messages, theme, settle, close])

  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{m.title}</ScreenTitle>} />
      <p className="foyer-text">{chainType === 'ethereum' ? m.detailEthereum : m.detailSolana}</p>
      {error ? (
        <Alert>{error}</Alert>
      ) : (
        <div ref={box} className="foyer-frame-box" data-import data-sized={sized || undefined} />
      )}
    </div>
  )
}

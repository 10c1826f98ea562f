import { useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'

/**
 * Sign request screen (docs/modal.md "Sign request" idle → signing → success → close): the title ('Sign
 * message' or `uiOptions.title`), the description, the message — or for typed data its domain, primary type
 * and message in a scrolling view — then Approve and Cancel. Approve signs in the frame and closes the modal;
 * Cancel rejects with 4001.
 */
export function SignRequest({ params }: ScreenProps<'signRequest'>) {
  const { messages, appName, close } = useModal()
  const m = messages.signRequest
  const { prompt, settle } = params
  const [signing, setSigning] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()
  const ui = prompt.uiOptions

  const approve = async () => {
    setSigning(true)
    setError(undefined)
    try {
      const signature = await prompt.sign()
      settle.resolve(signature)
      if (isMounted()) close()
    } catch (caught) {
      if (!isMounted()) return
      setSigning(false)
      // The failure stays on screen: Approve tries again, Cancel gives up (4001).
      setError(toErrorInfo(caught).message ?? m.error)
    }
  }

  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{ui?.title || m.title}</ScreenTitle>} />
      <p className="foyer-text">{ui?.description || formatMessage(m.description, { app: appName })}</p>
      {prompt.kind === 'signMessage' ? (
        <section aria-label={m.message}>
          <pre className="foyer-message">{prompt.message}</pre>
        </section>
      ) : (
        <section aria-label={m.typedData}>
          <pre className="foyer-message">
            <code>{JSON.stringify(prompt.typedData, null, 2)}</code>
          </pre>
        </section>
      )}
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="foyer-actions">
        <Button
          variant="secondary"
          disabled={signing}
          onClick={() => {
            settle.reject()
            close()
          }}
        >
          {messages.wallet.cancel}
        </Button>
        <Button busy={signing} onClick={approve}>
          {ui?.buttonText || messages.wallet.approve}
        </Button>
      </div>
    </div>
  )
}

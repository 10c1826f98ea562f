import { recoveryFileName } from '@foyer/core/wallet'
import { COPY_FEEDBACK_MS } from '@foyer/protocol'
import { formatMessage } from '../../../i18n/formatMessage'
import type { Messages } from '../../../i18n/Messages'
import { Button } from '../../../ui/Button'
import { CopyButton } from '../../../ui/CopyButton'
import { useButtonDelay } from './useButtonDelay'

/**
 * Step 'saving' (docs/modal.md "Save your password", docs/limits.md file name): the password, Copy, Download
 * (a text file named after the app, e.g. `foyer-demo-wallet-recovery.txt`) and Continue.
 */
export function SavePasswordStep({
  password,
  appName,
  messages,
  onContinue,
}: {
  password: string
  appName: string
  messages: Messages
  onContinue(): void
}) {
  const m = messages.password
  const enabled = useButtonDelay()
  const download = () => {
    const text = `${formatMessage(m.fileHeader, { app: appName })}\n\n${password}\n`
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = recoveryFileName(appName)
    link.rel = 'noopener'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
  return (
    <div className="foyer-field">
      <p className="foyer-text">{m.saveDetail}</p>
      <p className="foyer-message foyer-mono">{password}</p>
      <div className="foyer-actions">
        <CopyButton
          text={password}
          label={messages.wallet.copy}
          copiedLabel={messages.wallet.copied}
          feedbackMs={COPY_FEEDBACK_MS}
        />
        <Button variant="secondary" onClick={download}>
          {m.download}
        </Button>
      </div>
      <Button block disabled={!enabled} onClick={onContinue}>
        {messages.wallet.continue}
      </Button>
    </div>
  )
}

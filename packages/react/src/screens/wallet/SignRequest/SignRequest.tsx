import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { sanitizeImageUrl } from '../../../theme/sanitizeImageUrl'
import { Alert } from '../../../ui/Alert'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { ApprovalActions } from '../approval/ApprovalActions'
import { useApproval } from '../approval/useApproval'

/**
 * Sign request screen (docs/modal.md "Sign request" idle → signing → success → close): the host's icon
 * (`uiOptions.iconUrl`, when a safe image URL), the title ('Sign message' or `uiOptions.title`), the description, the message — or for typed data its domain, primary type
 * and message in a scrolling view — then Approve and Cancel. Approve signs in the frame and closes the modal;
 * Cancel rejects with 4001.
 */
export function SignRequest({ params }: ScreenProps<'signRequest'>) {
  const { messages, appName, close } = useModal()
  const m = messages.signRequest
  const { prompt, settle } = params
  // The failure stays on screen: Approve tries again, Cancel gives up (4001).
  const { busy, error, approve } = useApproval(m.error, prompt)
  const ui = prompt.uiOptions
  const iconUrl = sanitizeImageUrl(ui?.iconUrl)
  const sign = () =>
    approve(async () => {
      const signature = await prompt.sign()
      // Dismissed meanwhile: already closed. Otherwise close, even from an instance replaced by one brought
      // back after a flow in front of it (an MFA verification, a password recovery).
      const open = !settle.settled
      settle.resolve(signature)
      if (open) close()
    })

  return (
    <div className="foyer-screen">
      {iconUrl ? <img className="foyer-contract-image" src={iconUrl} alt="" width={64} height={64} /> : null}
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
      {error ? <Alert>{error}</Alert> : null}
      <ApprovalActions
        settle={settle}
        busy={busy}
        approveLabel={ui?.buttonText || messages.wallet.approve}
        onApprove={sign}
      />
    </div>
  )
}

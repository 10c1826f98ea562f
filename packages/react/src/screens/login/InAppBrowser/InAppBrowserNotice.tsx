import { COPY_FEEDBACK_MS } from '@foyer/protocol'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import { Button } from '../../../ui/Button'
import { CopyButton } from '../../../ui/CopyButton'
import { Notice } from '../../../ui/Notice'

/**
 * 'Could not log in with {provider}' (docs/modal.md "In-app browser login not possible"): shown instead of an
 * OAuth sign-in or link that cannot work in this in-app browser (`oauthBlockedInAppBrowser`). Asks the user to
 * open the page in an external browser, with 'Copy link' (the page's address; 'Copied' for 1.5 s) and, when
 * there is a screen below, 'Try another method' (back).
 */
export function InAppBrowserNotice({ provider }: { provider: string }) {
  const { router, messages } = useModal()
  const m = messages.inAppBrowser
  const pageUrl = typeof location === 'undefined' ? '' : location.href
  return (
    <Notice
      tone="error"
      title={<ScreenTitle>{formatMessage(m.title, { provider })}</ScreenTitle>}
      detail={formatMessage(m.detail, { provider })}
    >
      {pageUrl ? (
        <CopyButton
          text={pageUrl}
          label={m.copyLink}
          copiedLabel={m.copied}
          feedbackMs={COPY_FEEDBACK_MS}
          variant="primary"
        />
      ) : null}
      {router.getHistory().length > 1 ? (
        <Button variant="secondary" block onClick={() => router.back()}>
          {m.tryAnotherMethod}
        </Button>
      ) : null}
    </Notice>
  )
}

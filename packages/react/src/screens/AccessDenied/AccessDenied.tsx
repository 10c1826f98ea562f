import { errorScreenCopy } from '../../errors/errorScreenCopy'
import { useModal } from '../../modal/ModalContext'
import { ErrorCopyNotice } from '../Error/ErrorCopyNotice'

/**
 * Access-denied screen (docs/modal.md "Allowlist rejection", docs/errors.md `allowlist_rejected`): 'You don't
 * have access to this app' / 'Have you been invited?' / 'Try another account', each replaced by the app's
 * `allowlist_config` (`error_title`, `error_detail`, `cta_text`) when set. With a safe `cta_link` the button
 * is a link to it (a new tab); otherwise it starts over at the landing, to sign in with another account.
 */
export function AccessDenied() {
  const { router, messages, state } = useModal()
  const copy = errorScreenCopy({ code: 'allowlist_rejected' }, messages, state.appConfig)
  return <ErrorCopyNotice copy={copy} onButton={() => router.reset()} />
}

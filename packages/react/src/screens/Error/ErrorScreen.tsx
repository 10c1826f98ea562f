import { errorScreenCopy } from '../../errors/errorScreenCopy'
import { useModal } from '../../modal/ModalContext'
import type { ScreenProps } from '../../modal/screenParams'
import { ErrorCopyNotice } from './ErrorCopyNotice'

/**
 * Error screen (docs/modal.md, docs/errors.md): title, detail and button for the error's code (see
 * `errorScreenCopy`). It remembers the previous screen: the button goes back to it (or follows the
 * allowlist's configured link).
 */
export function ErrorScreen({ params }: ScreenProps<'error'>) {
  const { router, messages, state } = useModal()
  const copy = errorScreenCopy(params, messages, state.appConfig)
  return <ErrorCopyNotice copy={copy} onButton={() => router.back()} />
}

import { errorScreenCopy } from '../../errors/errorScreenCopy'
import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import type { ScreenProps } from '../../modal/screenParams'
import { Button } from '../../ui/Button'
import { Notice } from '../../ui/Notice'

/**
 * Error screen (docs/modal.md, docs/errors.md): title, detail and button for the error's code (see
 * `errorScreenCopy`). It remembers the previous screen: the button goes back to it (or follows the
 * allowlist's configured link).
 */
export function ErrorScreen({ params }: ScreenProps<'error'>) {
  const { router, messages, state } = useModal()
  const copy = errorScreenCopy(params, messages, state.appConfig)
  return (
    <Notice title={<ScreenTitle>{copy.title}</ScreenTitle>} detail={copy.detail}>
      {copy.href ? (
        <a
          className="foyer-button foyer-button-block"
          href={copy.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {copy.button}
        </a>
      ) : (
        <Button block onClick={() => router.back()}>
          {copy.button}
        </Button>
      )}
    </Notice>
  )
}

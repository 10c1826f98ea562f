import type { ReactNode } from 'react'
import { ScreenHeader } from '../ui/ScreenHeader'
import { useModal } from './ModalContext'
import { ScreenTitle } from './ScreenTitle'

/**
 * A modal screen's top row: `title` as the screen's heading (`ScreenTitle`, which labels the dialog) and,
 * when `onBack` is set, the Back button in the modal's language (`messages.modal.back`), e.g.
 * `onBack={router.back}`.
 *
 * @example
 * <ModalScreenHeader title={m.title} onBack={router.back} />
 */
export function ModalScreenHeader({
  title,
  onBack,
}: {
  title: ReactNode
  onBack?: (() => void) | undefined
}) {
  const { messages } = useModal()
  return (
    <ScreenHeader
      title={<ScreenTitle>{title}</ScreenTitle>}
      onBack={onBack}
      backLabel={messages.modal.back}
    />
  )
}

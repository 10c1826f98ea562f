import type { ReactNode } from 'react'
import { useModal } from '../../../modal/ModalContext'
import { preloadTelegramScreen } from '../../../modal/preloadScreens'
import { Button } from '../../../ui/Button'
import { TelegramIcon } from '../../../ui/icons'
import type { LoginStart } from '../LoginStart'

/** Props of {@link TelegramEntry}. */
export type TelegramEntryProps = {
  /** `startLogin` on this modal (the landing's). */
  start(start: LoginStart): Promise<void>
  /** The 'Recent' chip, when Telegram was the last sign-in (rendered inside, hidden from the name). */
  chip?: ReactNode
  /** Id of the chip, the button's accessible description. */
  describedBy?: string | undefined
}

/**
 * The landing's Telegram entry (docs/modal.md "Landing", "Starting a login"): 'Continue with Telegram'. A
 * click goes through `startLogin` (captcha first when the app has it) to the Telegram screen, which loads
 * the login widget. Pointing at it preloads that screen.
 *
 * @example
 * <TelegramEntry start={(start) => startLogin(modal, start)} />
 */
export function TelegramEntry({ start, chip, describedBy }: TelegramEntryProps) {
  const modal = useModal()
  return (
    <Button
      variant="secondary"
      block
      aria-describedby={describedBy}
      onPointerEnter={preloadTelegramScreen}
      onFocus={preloadTelegramScreen}
      onClick={() => void start({ kind: 'telegram' })}
    >
      <TelegramIcon />
      {modal.messages.telegram.continueWith}
      {chip}
    </Button>
  )
}

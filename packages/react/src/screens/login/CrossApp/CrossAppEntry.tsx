import type { ReactNode } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { Button } from '../../../ui/Button'
import type { LoginStart } from '../LoginStart'
import { useCrossAppDetails } from './useCrossAppDetails'

/** Props of {@link CrossAppEntry}. */
export type CrossAppEntryProps = {
  /** The provider app's id (the login method `privy:<appId>`). */
  appId: string
  /** `startLogin` on this modal (the landing's). */
  start(start: LoginStart): Promise<void>
  /** The 'Recent' chip, when this app was the last sign-in. */
  chip?: ReactNode
  describedBy?: string | undefined
}

/**
 * The landing entry 'Continue with {provider app}' (login method `privy:<appId>`): the provider
 * app's name and icon from `cross-app/details` (cached; its id while unknown). A click goes through
 * `startLogin` (captcha first when the app has it) to the cross-app screen, and opens the popup within the
 * click.
 *
 * @example
 * <CrossAppEntry appId="foyerdemoprovider00000000" start={(start) => startLogin(modal, start)} />
 */
export function CrossAppEntry({ appId, start, chip, describedBy }: CrossAppEntryProps) {
  const modal = useModal()
  const details = useCrossAppDetails(appId)
  return (
    <Button
      variant="secondary"
      block
      aria-describedby={describedBy}
      onClick={() => void start({ kind: 'crossApp', appId })}
    >
      {details?.icon_url ? <img src={details.icon_url} alt="" width={20} height={20} /> : null}
      {formatMessage(modal.messages.crossApp.continueWith, { provider: details?.name ?? appId })}
      {chip}
    </Button>
  )
}

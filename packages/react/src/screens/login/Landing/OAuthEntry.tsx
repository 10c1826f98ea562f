import type { OAuthProvider } from '@foyer/protocol'
import type { ReactNode } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { preloadOAuthScreens } from '../../../modal/preloadScreens'
import { Button } from '../../../ui/Button'
import { OAuthProviderIcon } from '../../../ui/OAuthProviderIcon'
import type { LoginStart } from '../LoginStart'
import { oauthProviderName } from '../oauthProviderName'

/** Props of {@link OAuthEntry}. */
export type OAuthEntryProps = {
  provider: OAuthProvider
  /** `startLogin` on this modal (the landing's). */
  start(start: LoginStart): Promise<void>
  /** The 'Recent' chip, when this provider was the last sign-in (rendered inside, hidden from the name). */
  chip?: ReactNode
  /** Id of the chip, the button's accessible description. */
  describedBy?: string | undefined
}

/**
 * A landing entry for one OAuth provider (docs/modal.md "Landing"): the secondary block button 'Continue with
 * <Provider>' with the provider's icon. A click goes through `startLogin` (captcha first when the app has
 * it, docs/modal.md) to the OAuth status screen, and opens the popup within the click so the browser lets it
 * through (or redirects the page, per `config.oauth.mode`). Pointing at it preloads the OAuth screens.
 *
 * @example
 * <OAuthEntry provider="google" start={(start) => startLogin(modal, start)} />
 */
export function OAuthEntry({ provider, start, chip, describedBy }: OAuthEntryProps) {
  const modal = useModal()
  return (
    <Button
      variant="secondary"
      block
      aria-describedby={describedBy}
      onPointerEnter={preloadOAuthScreens}
      onFocus={preloadOAuthScreens}
      onClick={() => void start({ kind: 'oauth', provider })}
    >
      <OAuthProviderIcon provider={provider} />
      {formatMessage(modal.messages.oauth.continueWith, {
        provider: oauthProviderName(provider, modal.messages),
      })}
      {chip}
    </Button>
  )
}

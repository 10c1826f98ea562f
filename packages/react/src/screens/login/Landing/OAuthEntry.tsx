import type { OAuthProvider } from '@foyer/protocol'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { Button } from '../../../ui/Button'
import { startOAuthLogin } from './startOAuthLogin'

/** The providers' display names (proper nouns: the same in every locale). */
const providerNames: Record<OAuthProvider, string> = {
  google: 'Google',
  discord: 'Discord',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  apple: 'Apple',
}

/** Props of {@link OAuthEntry}. */
export type OAuthEntryProps = { provider: OAuthProvider }

/**
 * A landing entry for one OAuth provider (spec 01 §2 "Landing"): the secondary block button 'Continue with
 * <Provider>' that starts the provider's sign-in through {@link startOAuthLogin}. The one place the landing
 * renders a provider, so the OAuth flow (icons, the 'Unknown' provider) plugs in here.
 *
 * @example
 * <OAuthEntry provider="google" />
 */
export function OAuthEntry({ provider }: OAuthEntryProps) {
  const modal = useModal()
  return (
    <Button variant="secondary" block onClick={() => startOAuthLogin(modal, provider)}>
      {formatMessage(modal.messages.landingLayout.continueWithProvider, {
        provider: providerNames[provider],
      })}
    </Button>
  )
}

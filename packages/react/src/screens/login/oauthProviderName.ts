import { isOAuthProvider } from '@foyer/protocol'
import type { Messages } from '../../i18n/en'

/**
 * The display name of an OAuth provider ('Google', 'GitHub' …), or 'Unknown' for a provider the modal does not
 * know (spec 01 §2).
 *
 * @example oauthProviderName('github', en) // 'GitHub'
 */
export function oauthProviderName(provider: string, messages: Messages): string {
  return isOAuthProvider(provider) ? messages.oauth[provider] : messages.oauth.unknownProvider
}

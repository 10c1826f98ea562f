import { isOAuthProvider, oauthProviderNames } from '@foyer/protocol'
import type { Messages } from '../../i18n/Messages'

/**
 * The display name of an OAuth provider ('Google', 'GitHub' …: proper nouns, the protocol's
 * `oauthProviderNames`), or the modal's 'Unknown' for a provider it does not know (docs/modal.md).
 *
 * @example oauthProviderName('github', en) // 'GitHub'
 */
export function oauthProviderName(provider: string, messages: Messages): string {
  return isOAuthProvider(provider) ? oauthProviderNames[provider] : messages.oauth.unknownProvider
}

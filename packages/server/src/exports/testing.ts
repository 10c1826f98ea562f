/**
 * `@foyer/server/testing`: stand-ins of outside services for tests and the demo (DESIGN.md "Local real
 * components"). Never imported by the production entry.
 */

export {
  type AuthorizeAtLocalIdentityProviderParameters,
  authorizeAtLocalIdentityProvider,
  type LocalAuthorizationReturn,
} from '../testing/localIdentityProvider/authorizeAtLocalIdentityProvider'
export {
  githubNumericId,
  type LocalIdentityProvider,
  type LocalIdentityProviderAppSettings,
  type LocalIdentityProviderClientParameters,
  type LocalIdentityProviderUser,
  type StartLocalIdentityProviderOptions,
  startLocalIdentityProvider,
} from '../testing/localIdentityProvider/startLocalIdentityProvider'

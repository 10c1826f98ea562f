/**
 * What docs/errors.md "OAuth" asks the user to check after a denial ('Retry and check {scope} to finish
 * connecting your account.'): the provider's id with its first letter upper-cased ('google' → 'Google',
 * 'github' → 'Github', a custom 'acme' → 'Acme'), as the protocol's published client shows it. Unlike
 * `{provider}` (the display name, 'GitHub'), it names the provider even when the modal does not know it.
 *
 * @example oauthScopeName('linkedin') // 'Linkedin'
 */
export function oauthScopeName(provider: string): string {
  return provider.charAt(0).toUpperCase() + provider.slice(1)
}

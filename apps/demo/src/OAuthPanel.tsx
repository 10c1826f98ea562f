import { isOAuthProvider, type OAuthAccount, type OAuthProvider, oauthProviders } from '@foyer/protocol'
import { useFoyer, useLinkOAuth } from '@foyer/react'
import { useActionOutcome } from './panelActions'

/** The provider of an OAuth linked account (`github_oauth` → `github`). */
function providerOf(account: OAuthAccount): OAuthProvider | null {
  const provider = account.type.replace(/_oauth$/, '')
  return isOAuthProvider(provider) ? provider : null
}

/**
 * OAuth accounts of the signed-in user (docs/modal.md, docs/limits.md): each linked one with 'Unlink', and
 * 'Link <provider>' for the others (the provider's popup, or a full-page redirect with
 * `?oauthMode=redirect`). Shows the docs/errors.md text of the last failure.
 */
export function OAuthPanel() {
  const { user } = useFoyer()
  const { linkOAuth, unlinkOAuth, busy, error } = useLinkOAuth()
  const { outcome, run } = useActionOutcome()
  const linked = (user?.linked_accounts ?? []).filter((account): account is OAuthAccount =>
    account.type.endsWith('_oauth'),
  )
  const linkedProviders = new Set(linked.map(providerOf))

  return (
    <section>
      <h2>Social accounts</h2>
      <ul data-testid="oauth-accounts">
        {linked.map((account) => {
          const provider = providerOf(account)
          return (
            <li key={account.type}>
              {account.type}: {'email' in account && account.email ? account.email : account.subject}{' '}
              {provider ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => run(() => unlinkOAuth(provider, account.subject), `${provider} unlinked`)}
                >
                  Unlink {provider}
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
      <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {oauthProviders
          .filter((provider) => !linkedProviders.has(provider))
          .map((provider) => (
            <button
              key={provider}
              type="button"
              onClick={() => run(() => linkOAuth(provider), `${provider} linked`)}
            >
              Link {provider}
            </button>
          ))}
      </p>
      <p data-testid="oauth-outcome">{outcome}</p>
      {error ? <p role="alert">{error.message}</p> : null}
    </section>
  )
}

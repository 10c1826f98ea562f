import { type CloudKitEnvironment, isIcloudRecoveryConfigured } from '@foyer/protocol'
import { foyerError } from '../../errors/foyerError'
import type { LoadedApp } from '../apps/service'

/** How long the server waits for CloudKit's answer to the sign-in URL request, in ms. */
export const CLOUDKIT_REQUEST_TIMEOUT_MS = 10_000

/** The app's iCloud container, as the iCloud calls use it. */
export type IcloudContainer = {
  containerIdentifier: string
  environment: CloudKitEnvironment
  apiToken: string
}

/**
 * The iCloud container of `app` when it offers iCloud recovery (docs/recovery-icloud.md "Rules"):
 * `embedded_wallet_config.user_owned_recovery_options` includes `icloud` and `settings.icloud_recovery` has
 * a container identifier and an API token. Otherwise 403 `disallowed_login_method` 'iCloud recovery not
 * allowed.'
 *
 * @example const container = assertIcloudRecoveryAllowed(foyerApp)
 */
export function assertIcloudRecoveryAllowed(app: LoadedApp): IcloudContainer {
  const settings = app.settings.icloud_recovery
  const offered = app.settings.embedded_wallet_config.user_owned_recovery_options.includes('icloud')
  if (
    !offered ||
    !isIcloudRecoveryConfigured(settings) ||
    !settings.container_identifier ||
    !settings.api_token
  )
    throw foyerError('icloudRecoveryNotAllowed')
  return {
    containerIdentifier: settings.container_identifier,
    environment: settings.environment,
    apiToken: settings.api_token,
  }
}

/**
 * The Apple ID sign-in URL of `container`, as CloudKit Web Services gives it: the server asks for the
 * current user of the private database with the API token only, `GET {cloudKitApiUrl}/database/1/{container}/
 * {environment}/private/users/current?ckAPIToken=…`, and CloudKit answers 421 `AUTHENTICATION_REQUIRED` with
 * the `redirectURL` where the user signs in. Any other answer (a refused API token, an unreachable CloudKit,
 * a `redirectURL` that is not an http(s) URL) throws 502 `internal_error` 'iCloud did not answer with a
 * sign-in URL'.
 *
 * @example const url = await fetchIcloudSignInUrl('https://api.apple-cloudkit.com', container)
 */
export async function fetchIcloudSignInUrl(
  cloudKitApiUrl: string,
  container: IcloudContainer,
): Promise<string> {
  const url = new URL(
    `${cloudKitApiUrl}/database/1/${encodeURIComponent(container.containerIdentifier)}/${container.environment}/private/users/current`,
  )
  url.searchParams.set('ckAPIToken', container.apiToken)
  let body: unknown
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(CLOUDKIT_REQUEST_TIMEOUT_MS),
    })
    if (response.status !== 421) throw new Error(`CloudKit answered ${response.status}`)
    body = await response.json()
  } catch {
    throw foyerError('icloudSignInUnavailable')
  }
  const redirect = (body as { serverErrorCode?: unknown; redirectURL?: unknown } | null)?.redirectURL
  if (
    typeof redirect !== 'string' ||
    !URL.canParse(redirect) ||
    !/^https?:$/.test(new URL(redirect).protocol)
  )
    throw foyerError('icloudSignInUnavailable')
  return redirect
}

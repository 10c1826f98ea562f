import type { FoyerClient } from '../client/FoyerClient'
import { BaseError } from '../errors/BaseError'

/**
 * Runs `action`; when the server refuses it with `missing_or_invalid_mfa` ('MFA verification required')
 * and the user has a second factor, loads the MFA module — lazily, so the sign-in bundle stays without it
 * — asks the user to verify (`promptMfa`) and runs `action` again through `withMfa`. Other errors, and
 * the refusal for a user without a factor, are rethrown as is. For the calls that need a fresh
 * verification of a user with a factor (docs/mfa.md#gates): linking and unlinking an email, phone or
 * passkey.
 *
 * @throws {MfaError} `'mfa_canceled'` when the user closes the verification,
 *   `'mfa_verification_max_attempts_reached'` after 4 refusals.
 * @example const user = await withMfaWhenAsked(client, () => request(client, 'POST /api/v1/passkeys/unlink', options))
 */
export async function withMfaWhenAsked<T>(client: FoyerClient, action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (error) {
    const asked = error instanceof BaseError && error.code === 'missing_or_invalid_mfa'
    if (!asked || !client.getState().user?.mfa_methods.length) throw error
    const { promptMfa, withMfa } = await import('./withMfa')
    await promptMfa(client)
    return withMfa(client, action)
  }
}

import type { LinkedAccount } from '@foyer/protocol'
import { InvalidTokenError } from '../errors/InvalidTokenError'
import type { VerificationKeySource } from '../keys/VerificationKeySource'
import type { VerifyTokenOptions } from './VerifyTokenOptions'
import { type FoyerTokenClaims, foyerTokenClaims, verifyFoyerToken } from './verifyFoyerToken'

/** The claims of a verified identity token. Times in Unix seconds. */
export type VerifyIdentityTokenReturnType = FoyerTokenClaims & {
  /** The session (`sid`) when the token names one; Foyer identity tokens currently do not (`null`). */
  sessionId: string | null
  /** The user's linked accounts (the `linked_accounts` claim, a JSON string, parsed). */
  linkedAccounts: LinkedAccount[]
}

/**
 * Verifies a Foyer identity token (the user's profile, signed) and returns its claims: the same checklist
 * as {@link verifyAccessToken} with `typ` `id+jwt` — an access token is refused here (docs/security.md
 * property 30) — and a `linked_accounts` claim that parses to an array of accounts. Identify the user by
 * `userId` (issuer + subject), never by an email in `linkedAccounts` (docs/security.md property 32).
 *
 * @param token - The compact JWS.
 * @param source - `{ appId, verificationKey }` or `{ appId, jwksUrl, … }`, as for {@link verifyAccessToken}.
 * @param options - `{ issuer?, currentDate?, clockToleranceSeconds? }`.
 * @returns `{ userId, sessionId, appId, issuer, issuedAt, expiresAt, linkedAccounts }`.
 * @throws {InvalidTokenError} with the `code` of the failed check; `invalid_claims` when `linked_accounts` is
 *   not a JSON array of accounts.
 * @example
 * const { userId, linkedAccounts } = await verifyIdentityToken(idToken, { appId, jwksUrl })
 */
export async function verifyIdentityToken(
  token: string,
  source: VerificationKeySource,
  options?: VerifyTokenOptions,
): Promise<VerifyIdentityTokenReturnType> {
  const payload = await verifyFoyerToken(token, 'identity', source, options)
  return {
    ...foyerTokenClaims(payload),
    sessionId: typeof payload.sid === 'string' ? payload.sid : null,
    linkedAccounts: parseLinkedAccounts(payload.linked_accounts as string),
  }
}

function parseLinkedAccounts(value: string): LinkedAccount[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (cause) {
    throw new InvalidTokenError('invalid_claims', 'The token claim linked_accounts is not JSON.', { cause })
  }
  if (
    !Array.isArray(parsed) ||
    !parsed.every(
      (account) => typeof account === 'object' && account !== null && typeof account.type === 'string',
    )
  )
    throw new InvalidTokenError(
      'invalid_claims',
      'The token claim linked_accounts is not a list of accounts.',
    )
  return parsed as LinkedAccount[]
}

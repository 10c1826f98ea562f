/**
 * The one-time code of a completed OAuth flow: issued with the flow's sealed result, consumed once by
 * `oauth/authenticate` or `oauth/link`.
 */
import {
  isOAuthProvider,
  OAUTH_FLOW_TTL_SECONDS,
  type OAuthTokens,
  oauthProviderNames,
  RECOVERY_OAUTH_PROVIDER,
} from '@foyer/protocol'
import { and, eq, gt, sql } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import { sha256Hex } from '../../crypto/sha256Hex'
import type { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import type { ProviderRefusal } from './fetchProviderUser'
import { equalText, pkceS256Challenge, randomToken } from './flowSecrets'
import { oauthFlows } from './schema'

/**
 * What a flow's sealed `result` holds: the proven account (a provider's user, or for cross-app the provider
 * app's user with its wallets in `details`) and the tokens handed to the client — or the provider's refusal,
 * which the client is told about by `oauth/authenticate` (the callback can only hand the browser a code).
 */
export type OAuthFlowResult = {
  user: { subject: string; details: Record<string, unknown>; verifiedEmail: string | null }
  tokens: OAuthTokens | null
}
export type FlowResult = OAuthFlowResult | { refusal: ProviderRefusal }

const resultAad = (flowId: string) => `oauth-flow:${flowId}`

/**
 * Gives the flow `flowId` its one-time code (32 CSPRNG bytes, stored as SHA-256, valid
 * {@link OAUTH_FLOW_TTL_SECONDS} from `now`; security property 37) and seals `result` in it (AES-256-GCM under a key derived
 * from the master key), for `oauth/authenticate` or `oauth/link` to take with {@link consumeOAuthCode}.
 * Returns the code. Used by the providers' callback and by the cross-app provider's `/oauth/authorization_code`.
 *
 * @example const code = await issueOAuthFlowCode(context, flow.id, { user, tokens: null }, now)
 */
export async function issueOAuthFlowCode(
  context: ServerContext,
  flowId: string,
  result: FlowResult,
  now: Date,
): Promise<string> {
  const code = randomToken()
  await context.db.orm
    .update(oauthFlows)
    .set({
      codeHash: sha256Hex(code),
      codeExpiresAt: new Date(now.getTime() + OAUTH_FLOW_TTL_SECONDS * 1000),
      result: sealSecret(flowKey(context), JSON.stringify(result), resultAad(flowId)),
    })
    .where(eq(oauthFlows.id, flowId))
  return code
}

function flowKey(context: ServerContext): Uint8Array {
  return deriveKey(context.masterKey, 'oauth-flow-encryption')
}

/**
 * The error of a provider's refusal (docs/errors.md "OAuth"; docs/errors.md): a suspension is 403
 * `oauth_account_suspended`; the provider's rate limit is 429 `too_many_requests` whose message says
 * `provider rate limit` (what the client matches on to show its per-provider text).
 */
export function refusalError(provider: string, refusal: ProviderRefusal): FoyerHttpError {
  const name = isOAuthProvider(provider) ? oauthProviderNames[provider] : provider
  return refusal === 'suspended'
    ? foyerError('oauthAccountSuspended', { provider: name })
    : foyerError('oauthProviderRateLimited', { provider: name })
}

/**
 * A consumed flow: its provider (one of the nine, or cross-app `privy:<appId>`), the proven user and the
 * tokens (an OAuth provider's when the app returns them; a cross-app provider access token).
 */
export type ConsumedOAuthFlow = { provider: string } & OAuthFlowResult

/**
 * `oauth/authenticate` and `oauth/link` (docs/api.md): consumes the one-time code of `app` in one
 * `DELETE … WHERE code_hash = … AND code_expires_at > now RETURNING` (so of N parallel uses one wins, and the
 * sealed provider tokens go with it; security property 37), then checks, in order:
 * 1. a code that is unknown, used or expired → 401 `invalid_credentials` 'Invalid or expired authorization code';
 * 2. `state_code` equals the flow's client state → else 400 `oauth_state_mismatch` (security property 34);
 * 3. a `code_verifier` is present and base64url(SHA-256(verifier)) equals the flow's challenge → else 400
 *    `invalid_pkce_parameters` (S256 only, RFC 7636 §4.6; security property 33);
 * 4. `provider`, when sent, is the flow's, and the flow is of `purpose` (a Google Drive recovery flow,
 *    {@link RECOVERY_OAUTH_PROVIDER}, only for `recovery`; every other only for `sign-in`, the default) → else
 *    400 `invalid_data`;
 * 5. the provider did not refuse at the callback → else 403 `oauth_account_suspended` or 429
 *    `too_many_requests` ('… provider rate limit …'), docs/errors.md "OAuth".
 * A failed check still burns the code.
 *
 * @example const { provider, user, tokens } = await consumeOAuthCode(context, app, { code, stateCode, codeVerifier })
 */
export async function consumeOAuthCode(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    code: string
    stateCode: string
    codeVerifier: string | undefined
    provider?: string | undefined
    purpose?: 'sign-in' | 'recovery'
  },
): Promise<ConsumedOAuthFlow> {
  const now = new Date(context.now())
  // Deleted as it is consumed: the sealed provider tokens do not outlive the code.
  const [flow] = await context.db.orm
    .delete(oauthFlows)
    .where(
      and(
        eq(oauthFlows.codeHash, sha256Hex(parameters.code)),
        eq(oauthFlows.appId, app.id),
        gt(oauthFlows.codeExpiresAt, now),
        sql`${oauthFlows.result} is not null`,
      ),
    )
    .returning({
      id: oauthFlows.id,
      provider: oauthFlows.provider,
      clientState: oauthFlows.clientState,
      codeChallenge: oauthFlows.codeChallenge,
      result: oauthFlows.result,
    })
  // 1. Single use and ≤ 10 min (security property 37).
  if (!flow?.result) throw foyerError('invalidAuthorizationCode')
  // 2. The state the client kept for this flow (security property 34).
  if (!equalText(parameters.stateCode, flow.clientState)) throw foyerError('oauthStateMismatch')
  // 3. PKCE S256 (security property 33).
  if (!parameters.codeVerifier) throw foyerError('pkceVerifierRequired')
  if (!equalText(pkceS256Challenge(parameters.codeVerifier), flow.codeChallenge))
    throw foyerError('pkceVerifierMismatch')
  // 4. The flow's provider.
  if (parameters.provider !== undefined && parameters.provider !== flow.provider)
    throw foyerError('oauthProviderMismatch')
  const recovery = flow.provider === RECOVERY_OAUTH_PROVIDER
  if (recovery !== (parameters.purpose === 'recovery')) throw foyerError('oauthProviderMismatch')
  let result: FlowResult
  try {
    result = JSON.parse(openSecret(flowKey(context), flow.result, resultAad(flow.id))) as FlowResult
  } catch {
    // Sealed under another master key, or damaged: as good as no code.
    throw foyerError('invalidAuthorizationCode')
  }
  // 5. The provider's refusal at the callback (docs/errors.md "OAuth").
  if ('refusal' in result) throw refusalError(flow.provider, result.refusal)
  return { provider: flow.provider, user: result.user, tokens: result.tokens }
}

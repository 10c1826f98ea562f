/**
 * The provider's answer to a flow: the authorization response checked, the code exchanged at the token
 * endpoint (with the provider's client authentication), the id_token verified and the user read.
 */
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'
import * as oauth from 'oauth4webapi'
import { z } from 'zod'
import type { ServerContext } from '../../ServerContext'
import type { AllowedProvider } from './allowedProviders'
import { appleClientSecret } from './appleClientSecret'
import {
  fetchProviderUser,
  type ProviderRefusal,
  ProviderUserError,
  providerRefusal,
} from './fetchProviderUser'
import type { FlowResult } from './flowCodes'
import type { oauthFlows } from './schema'
import { verifyIdToken } from './verifyIdToken'

/** Time allowed for one token-endpoint call, in ms. */
export const TOKEN_REQUEST_TIMEOUT_MS = 5000

/** A token-endpoint answer (RFC 6749 §5.1), leniently: Instagram sends no `token_type`, TikTok `refresh_expires_in`. */
const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().nonnegative().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.coerce.number().nonnegative().optional(),
  refresh_expires_in: z.coerce.number().nonnegative().optional(),
  scope: z.string().optional(),
  id_token: z.string().min(1).optional(),
})

/** A failure after the provider answered: the browser goes back with `privy_oauth_code=error`. */
export class CallbackError extends Error {
  override name = 'CallbackError'
  constructor(
    message: string,
    readonly refusal: ProviderRefusal | null = null,
  ) {
    super(message)
  }
}

const jwksSets = new WeakMap<ServerContext, Map<string, JWTVerifyGetKey>>()

function jwksFor(context: ServerContext, url: string): JWTVerifyGetKey {
  let sets = jwksSets.get(context)
  if (!sets) {
    sets = new Map()
    jwksSets.set(context, sets)
  }
  let keys = sets.get(url)
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 })
    sets.set(url, keys)
  }
  return keys
}

async function clientAuthentication(
  context: ServerContext,
  allowed: AllowedProvider,
): Promise<oauth.ClientAuth> {
  const { definition, client } = allowed
  switch (definition.clientAuthentication) {
    case 'client_secret_basic':
      return oauth.ClientSecretBasic(client.client_secret ?? '')
    case 'tiktok_client_key':
      return (_as, _client, body) => {
        body.set('client_key', client.client_id)
        body.set('client_secret', client.client_secret ?? '')
      }
    case 'apple_jwt': {
      if (!client.apple) throw new CallbackError('apple client has no signing key')
      const secret = await appleClientSecret({
        teamId: client.apple.team_id,
        keyId: client.apple.key_id,
        privateKeyPem: client.apple.private_key_pem,
        clientId: client.client_id,
        audience: definition.issuer,
        now: context.now(),
      })
      return oauth.ClientSecretPost(secret)
    }
    default:
      return oauth.ClientSecretPost(client.client_secret ?? '')
  }
}

/**
 * The provider's answer to the flow: validates the authorization response (RFC 9207 `iss` when sent,
 * `state`), exchanges the code at the token endpoint (our client authentication, the server's PKCE
 * verifier), verifies the id_token of OIDC providers (docs/security.md property 35) and reads the user.
 * Throws {@link CallbackError} on any failure.
 */
export async function exchangeCode(
  context: ServerContext,
  allowed: AllowedProvider,
  flow: typeof oauthFlows.$inferSelect,
  parameters: URLSearchParams,
  returnTokens: boolean,
): Promise<FlowResult> {
  const { definition, client } = allowed
  const as: oauth.AuthorizationServer = {
    issuer: definition.issuer,
    authorization_endpoint: definition.authorizationUrl,
    token_endpoint: definition.tokenUrl,
  }
  const oauthClient: oauth.Client = { client_id: client.client_id }
  try {
    const validated = oauth.validateAuthResponse(as, oauthClient, parameters, flow.id)
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      oauthClient,
      await clientAuthentication(context, allowed),
      validated,
      flow.callbackUrl,
      definition.pkce ? flow.pkceVerifier : oauth.nopkce,
      {
        [oauth.allowInsecureRequests]: new URL(definition.tokenUrl).protocol === 'http:',
        signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
      },
    )
    if (!response.ok)
      throw new CallbackError(`token endpoint answered ${response.status}`, await providerRefusal(response))
    const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => null))
    if (!parsed.success) throw new CallbackError('token endpoint answer is not a token response')
    const tokens = parsed.data
    if (tokens.token_type !== undefined && tokens.token_type.toLowerCase() !== 'bearer')
      throw new CallbackError(`unsupported token_type ${tokens.token_type}`)
    let claims = null
    if (definition.oidc) {
      if (!tokens.id_token || !definition.jwksUrl)
        throw new CallbackError('no id_token from an OIDC provider')
      claims = await verifyIdToken(tokens.id_token, {
        keys: jwksFor(context, definition.jwksUrl),
        issuer: definition.issuer,
        clientId: client.client_id,
        nonce: flow.nonce,
        now: context.now(),
      })
    }
    const user = await fetchProviderUser(definition, { accessToken: tokens.access_token, claims })
    const refreshExpiresIn = tokens.refresh_token_expires_in ?? tokens.refresh_expires_in
    return {
      user,
      tokens: returnTokens
        ? {
            provider: definition.provider,
            access_token: tokens.access_token,
            ...(tokens.expires_in !== undefined
              ? { access_token_expires_in_seconds: tokens.expires_in }
              : {}),
            ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
            ...(refreshExpiresIn !== undefined ? { refresh_token_expires_in_seconds: refreshExpiresIn } : {}),
            ...(tokens.scope ? { scopes: tokens.scope.split(/[\s,]+/).filter(Boolean) } : {}),
          }
        : null,
    }
  } catch (error) {
    if (error instanceof CallbackError) throw error
    if (error instanceof ProviderUserError) throw new CallbackError(error.message, error.refusal)
    throw new CallbackError((error as Error).message)
  }
}

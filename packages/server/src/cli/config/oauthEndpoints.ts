/** `FOYER_OAUTH_ENDPOINTS_JSON`: the OAuth method's provider endpoint overrides. */
import { oauthProviders } from '@foyer/protocol'
import { z } from 'zod'
import type { OAuthOptions } from '../../features/oauth/providers'
import { parseJsonVariable } from './parseVariables'

const nullableUrl = z.string().url().nullable().optional()
/** One provider's endpoint overrides in `FOYER_OAUTH_ENDPOINTS_JSON`. */
const oauthEndpointsSchema = z.partialRecord(
  z.enum(oauthProviders),
  z
    .object({
      authorizationUrl: z.string().url().optional(),
      tokenUrl: z.string().url().optional(),
      userInfoUrl: nullableUrl,
      emailsUrl: nullableUrl,
      jwksUrl: nullableUrl,
      issuer: z.string().url().optional(),
    })
    .strict(),
)

/**
 * Parses `FOYER_OAUTH_ENDPOINTS_JSON` (see {@link ServerConfig.oauthProviders}). Throws `Error` naming the
 * variable when it is not JSON or not that shape.
 *
 * @example parseOAuthEndpoints('{"github":{"tokenUrl":"http://127.0.0.1:9000/token"}}')
 */
export function parseOAuthEndpoints(value: string | undefined): OAuthOptions['providers'] {
  return parseJsonVariable(
    'FOYER_OAUTH_ENDPOINTS_JSON',
    value,
    oauthEndpointsSchema,
  ) as OAuthOptions['providers']
}

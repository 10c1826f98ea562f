import type { OAuthProvider } from '@foyer/protocol'
import { z } from 'zod'
import type { OAuthProviderDefinition } from './providers'
import type { IdTokenClaims } from './verifyIdToken'

/** Time allowed for one user-info call, in ms. */
export const USER_INFO_TIMEOUT_MS = 5000

/**
 * The provider's user as Foyer stores it: `subject` is the provider's user id (the account's
 * key with the provider), `details` the docs/linked-accounts.md#account-shapes fields of its linked account,
 * `verifiedEmail` an email the provider says is verified (the only email an allow-list entry may match), else
 * null.
 */
export type ProviderUser = {
  subject: string
  details: Record<string, string | null>
  verifiedEmail: string | null
}

/**
 * What a provider's refusal says about the account or the client, when it says something the user can act
 * on (docs/errors.md "OAuth"): `suspended`, the provider suspended the account (X answers 403 with the
 * problem type `…/problems/user-suspended`); `rate_limited`, the provider's rate limit (HTTP 429, RFC 6585
 * §4).
 */
export type ProviderRefusal = 'suspended' | 'rate_limited'

/** A user-info answer that failed or is not the provider's documented shape; `refusal` when it says why. */
export class ProviderUserError extends Error {
  override name = 'ProviderUserError'
  constructor(
    message: string,
    readonly refusal: ProviderRefusal | null = null,
  ) {
    super(message)
  }
}

/** At most this much of a refused answer's body is read to classify it (suspension texts are short). */
const REFUSAL_BODY_LIMIT = 4096

/**
 * Classifies a provider's non-2xx answer (token or user-info endpoint): 429 is its rate limit; 401 or 403
 * whose body speaks of a suspension ('User has been suspended.', X's `user-suspended`) is one; anything else says nothing.
 *
 * @example await providerRefusal(response) // 'rate_limited' for a 429
 */
export async function providerRefusal(response: Response): Promise<ProviderRefusal | null> {
  if (response.status === 429) {
    await response.body?.cancel().catch(() => undefined)
    return 'rate_limited'
  }
  if (response.status !== 401 && response.status !== 403) {
    await response.body?.cancel().catch(() => undefined)
    return null
  }
  const body = (await response.text().catch(() => '')).slice(0, REFUSAL_BODY_LIMIT)
  return /suspended/i.test(body) ? 'suspended' : null
}

const text = z.string().min(1).nullish()
const str = (value: string | null | undefined) => (typeof value === 'string' && value !== '' ? value : null)
const isTrue = (value: unknown) => value === true || value === 'true'

/** GitHub `GET /user` (REST "Get the authenticated user"): numeric `id`, `login`, `name`. */
const githubUser = z.object({ id: z.number().int(), login: z.string(), name: text })
/** GitHub `GET /user/emails`: the user's addresses with `primary` and `verified`. */
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }))
/** Discord `GET /users/@me`: snowflake `id`, `username`, `email` and its `verified` flag (scope `email`). */
const discordUser = z.object({
  id: z.string(),
  username: z.string(),
  email: text,
  verified: z.boolean().nullish(),
})
/** Spotify `GET /v1/me`: `id`, `display_name`, `email` (scope `user-read-email`; Spotify does not verify it). */
const spotifyUser = z.object({ id: z.string(), display_name: text, email: text })
/** Instagram `GET /me?fields=id,username`. */
const instagramUser = z.object({ id: z.string(), username: text })
/** TikTok `GET /v2/user/info/`: `{ data: { user: { open_id, display_name, username } }, error: { code } }`. */
const tiktokUser = z.object({
  data: z.object({ user: z.object({ open_id: z.string(), display_name: text, username: text }) }),
  error: z.object({ code: z.string() }).optional(),
})
/** Twitter (X) `GET /2/users/me`: `{ data: { id, name, username, profile_image_url? } }`. */
const twitterUser = z.object({
  data: z.object({ id: z.string(), name: text, username: text, profile_image_url: text }),
})

async function getJson(url: string, accessToken: string): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${accessToken}`,
        // GitHub refuses requests without a User-Agent.
        'user-agent': 'Foyer',
      },
      signal: AbortSignal.timeout(USER_INFO_TIMEOUT_MS),
    })
  } catch (error) {
    throw new ProviderUserError(`user info unreachable: ${(error as Error).name}`)
  }
  if (!response.ok)
    throw new ProviderUserError(`user info answered ${response.status}`, await providerRefusal(response))
  try {
    return await response.json()
  } catch {
    throw new ProviderUserError('user info is not JSON')
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, provider: OAuthProvider): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new ProviderUserError(`unexpected ${provider} user-info shape`)
  return parsed.data
}

/** The user of an OIDC provider from its verified id_token claims (Google, LinkedIn, Apple). */
function fromIdToken(provider: OAuthProvider, claims: IdTokenClaims): ProviderUser {
  const email = typeof claims.email === 'string' && claims.email !== '' ? claims.email : null
  const verifiedEmail = email && isTrue(claims.email_verified) ? email : null
  const name = typeof claims.name === 'string' && claims.name !== '' ? claims.name : null
  if (provider === 'google')
    return { subject: claims.sub, details: { email: email ?? '', name }, verifiedEmail }
  if (provider === 'linkedin')
    return { subject: claims.sub, details: { email, ...(name ? { name } : {}) }, verifiedEmail }
  return { subject: claims.sub, details: { email }, verifiedEmail }
}

/**
 * The provider's user: from the verified id_token for the OIDC providers (`claims`), else from
 * the provider's user-info endpoints with the access token — GitHub's `/user` plus the verified primary
 * address of `/user/emails`; Discord `/users/@me`; Spotify `/v1/me`; Instagram `/me`; TikTok
 * `/v2/user/info/`; Twitter `/2/users/me`. Throws {@link ProviderUserError} when an endpoint fails or
 * answers another shape.
 *
 * @example const user = await fetchProviderUser(definition, { accessToken, claims: null })
 */
export async function fetchProviderUser(
  definition: OAuthProviderDefinition,
  parameters: { accessToken: string; claims: IdTokenClaims | null },
): Promise<ProviderUser> {
  const { provider } = definition
  if (definition.oidc) {
    if (!parameters.claims) throw new ProviderUserError(`${provider} answered no id_token`)
    return fromIdToken(provider, parameters.claims)
  }
  const url = definition.userInfoUrl
  if (!url) throw new ProviderUserError(`${provider} has no user-info endpoint configured`)
  const body = await getJson(url, parameters.accessToken)
  switch (provider) {
    case 'github': {
      const user = parse(githubUser, body, provider)
      const emails = definition.emailsUrl
        ? parse(githubEmails, await getJson(definition.emailsUrl, parameters.accessToken), provider)
        : []
      const primary = emails.find((entry) => entry.primary && entry.verified)?.email ?? null
      return {
        subject: String(user.id),
        details: { username: user.login, name: str(user.name), email: primary },
        verifiedEmail: primary,
      }
    }
    case 'discord': {
      const user = parse(discordUser, body, provider)
      const email = str(user.email)
      return {
        subject: user.id,
        details: { username: user.username, email },
        verifiedEmail: email && user.verified === true ? email : null,
      }
    }
    case 'spotify': {
      const user = parse(spotifyUser, body, provider)
      return {
        subject: user.id,
        details: { email: str(user.email), name: str(user.display_name) },
        verifiedEmail: null,
      }
    }
    case 'instagram': {
      const user = parse(instagramUser, body, provider)
      return { subject: user.id, details: { username: str(user.username) }, verifiedEmail: null }
    }
    case 'tiktok': {
      const answer = parse(tiktokUser, body, provider)
      if (answer.error && answer.error.code !== 'ok')
        throw new ProviderUserError(`tiktok user info error ${answer.error.code}`)
      const user = answer.data.user
      return {
        subject: user.open_id,
        details: { username: str(user.username), name: str(user.display_name) },
        verifiedEmail: null,
      }
    }
    case 'twitter': {
      const user = parse(twitterUser, body, provider).data
      return {
        subject: user.id,
        details: {
          username: str(user.username),
          name: str(user.name),
          profile_picture_url: str(user.profile_image_url),
        },
        verifiedEmail: null,
      }
    }
    default:
      throw new ProviderUserError(`${provider} is an OpenID Connect provider`)
  }
}

import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { jwtVerify } from 'jose'
import type Provider from 'oidc-provider'
import { readBody, redirect, sendJson } from './httpHelpers'
import type { LocalIdentityProviderUser, StoredClient } from './types'

/** GitHub's numeric user id of `subject` (itself when all digits, else a stable number from its hash). */
export function githubNumericId(subject: string): number {
  if (/^[1-9][0-9]{0,14}$/.test(subject)) return Number(subject)
  return createHash('sha256').update(subject).digest().readUIntBE(0, 6)
}

/** A route of the provider-shaped mount: `(request, response, url)`. */
export type Route = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>

/**
 * The provider-shaped routes next to oidc-provider: the non-OIDC providers' user resources
 * (GitHub, Discord, Spotify, Instagram, TikTok, Twitter) read with the access tokens oidc-provider issued,
 * and the shims of the providers' quirks — TikTok's `client_key` and comma scopes, Instagram's comma scopes
 * and token answer, Apple's id_token without `openid` and its ES256 JWT client secret, Twitter's
 * Basic-only token endpoint — that forward to oidc-provider's own endpoints.
 */
export function createProviderRoutes(parameters: {
  issuer: string
  provider: Provider
  users: ReadonlyMap<string, LocalIdentityProviderUser>
  clients: ReadonlyMap<string, StoredClient>
  /** X's user lookups per user and 15-minute window before it answers 429. */
  twitterUserLookupsPer15Minutes: number
}): { get: Record<string, Route>; post: Record<string, Route> } {
  const { issuer, provider, users, clients } = parameters
  /** X's rate-limit windows: subject → start of the window (ms) and the lookups in it. */
  const twitterWindows = new Map<string, { startMs: number; count: number }>()
  const TWITTER_WINDOW_MS = 15 * 60 * 1000
  /** The user of a Bearer access token the provider issued, with its scopes; null when invalid. */
  async function tokenUser(request: IncomingMessage) {
    const header = request.headers.authorization ?? ''
    const match = /^(?:Bearer|token) (.+)$/i.exec(header)
    if (!match?.[1]) return null
    const token = await provider.AccessToken.find(match[1])
    if (!token || token.isExpired) return null
    const user = users.get(token.accountId)
    if (!user) return null
    return { user, scopes: new Set((token.scope ?? '').split(' ')) }
  }

  /** Forwards a token request to oidc-provider's token endpoint; answers its status and JSON. */
  async function forwardToken(form: URLSearchParams, authorization?: string) {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: form,
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  /** A provider's authorization URL → the issuer's, with the provider's quirks undone. */
  function rewriteAuthorization(
    url: URL,
    quirks: { clientKey?: boolean; commaScopes?: boolean; openid?: boolean },
  ) {
    const target = new URL(`${issuer}/auth`)
    for (const [key, value] of url.searchParams)
      target.searchParams.append(quirks.clientKey && key === 'client_key' ? 'client_id' : key, value)
    let scope = target.searchParams.get('scope') ?? ''
    if (quirks.commaScopes) scope = scope.replaceAll(',', ' ')
    if (quirks.openid && !scope.split(' ').includes('openid')) scope = `openid ${scope}`.trim()
    target.searchParams.set('scope', scope)
    return target.href
  }

  const getRoutes: Record<string, Route> = {
    '/github/user': async (request, response) => {
      const found = await tokenUser(request)
      if (!found) return sendJson(response, 401, { message: 'Bad credentials' })
      const { user } = found
      sendJson(response, 200, {
        login: user.username ?? `user${githubNumericId(user.subject)}`,
        id: githubNumericId(user.subject),
        name: user.name ?? null,
        email: null,
        avatar_url: user.pictureUrl ?? null,
        type: 'User',
      })
    },
    '/github/user/emails': async (request, response) => {
      const found = await tokenUser(request)
      if (!found) return sendJson(response, 401, { message: 'Bad credentials' })
      if (!found.scopes.has('user:email')) return sendJson(response, 404, { message: 'Not Found' })
      const { user } = found
      const login = user.username ?? `user${githubNumericId(user.subject)}`
      sendJson(response, 200, [
        ...(user.email
          ? [
              {
                email: user.email,
                primary: true,
                verified: user.emailVerified ?? true,
                visibility: 'private',
              },
            ]
          : []),
        {
          email: `${githubNumericId(user.subject)}+${login}@users.noreply.github.com`,
          primary: false,
          verified: true,
          visibility: null,
        },
      ])
    },
    '/discord/users/@me': async (request, response) => {
      const found = await tokenUser(request)
      if (!found?.scopes.has('identify'))
        return sendJson(response, 401, { message: '401: Unauthorized', code: 0 })
      const { user, scopes } = found
      sendJson(response, 200, {
        id: user.subject,
        username: user.username ?? user.subject,
        discriminator: '0',
        global_name: user.name ?? null,
        avatar: null,
        ...(scopes.has('email') ? { email: user.email ?? null, verified: user.emailVerified ?? true } : {}),
      })
    },
    '/spotify/v1/me': async (request, response) => {
      const found = await tokenUser(request)
      if (!found) return sendJson(response, 401, { error: { status: 401, message: 'Invalid access token' } })
      const { user, scopes } = found
      sendJson(response, 200, {
        id: user.subject,
        display_name: user.name ?? null,
        ...(scopes.has('user-read-email') ? { email: user.email ?? null } : {}),
        type: 'user',
        uri: `spotify:user:${user.subject}`,
      })
    },
    '/instagram/me': async (request, response) => {
      const found = await tokenUser(request)
      if (!found)
        return sendJson(response, 400, { error: { message: 'Invalid OAuth access token', code: 190 } })
      sendJson(response, 200, { id: found.user.subject, username: found.user.username ?? null })
    },
    '/tiktok/v2/user/info/': async (request, response) => {
      const found = await tokenUser(request)
      if (!found?.scopes.has('user.info.basic'))
        return sendJson(response, 401, {
          data: {},
          error: { code: 'access_token_invalid', message: 'The access token is invalid', log_id: '' },
        })
      const { user, scopes } = found
      sendJson(response, 200, {
        data: {
          user: {
            open_id: user.subject,
            display_name: user.name ?? null,
            ...(scopes.has('user.info.profile') ? { username: user.username ?? null } : {}),
          },
        },
        error: { code: 'ok', message: '', log_id: randomBytes(8).toString('hex') },
      })
    },
    '/twitter/2/users/me': async (request, response) => {
      const found = await tokenUser(request)
      if (!found?.scopes.has('users.read'))
        return sendJson(response, 401, { title: 'Unauthorized', status: 401 })
      const { user } = found
      // X's answers for a suspended account and past its per-user rate limit (API v2 problem shapes).
      if (user.suspended)
        return sendJson(response, 403, {
          title: 'Forbidden',
          detail: 'The user used for authentication is suspended',
          type: 'https://api.twitter.com/2/problems/user-suspended',
          status: 403,
        })
      const now = Date.now()
      let window = twitterWindows.get(user.subject)
      if (!window || now - window.startMs >= TWITTER_WINDOW_MS) {
        window = { startMs: now, count: 0 }
        twitterWindows.set(user.subject, window)
      }
      window.count += 1
      const limit = user.twitterUserLookupsPer15Minutes ?? parameters.twitterUserLookupsPer15Minutes
      response.setHeader('x-rate-limit-limit', String(limit))
      response.setHeader('x-rate-limit-remaining', String(Math.max(0, limit - window.count)))
      response.setHeader('x-rate-limit-reset', String(Math.ceil((window.startMs + TWITTER_WINDOW_MS) / 1000)))
      if (window.count > limit)
        return sendJson(response, 429, {
          title: 'Too Many Requests',
          detail: 'Too Many Requests',
          type: 'about:blank',
          status: 429,
        })
      sendJson(response, 200, {
        data: {
          id: user.subject,
          name: user.name ?? null,
          username: user.username ?? null,
          ...(user.pictureUrl ? { profile_image_url: user.pictureUrl } : {}),
        },
      })
    },
    '/tiktok/v2/auth/authorize/': async (_request, response, url) =>
      redirect(response, rewriteAuthorization(url, { clientKey: true, commaScopes: true })),
    '/instagram/oauth/authorize': async (_request, response, url) =>
      redirect(response, rewriteAuthorization(url, { commaScopes: true })),
    // Apple always answers an id_token (its scopes are `name email`).
    '/apple/auth/authorize': async (_request, response, url) =>
      redirect(response, rewriteAuthorization(url, { openid: true })),
  }

  const postRoutes: Record<string, Route> = {
    // X (Twitter): confidential clients authenticate by HTTP Basic, never with the secret in the body.
    '/twitter/2/oauth2/token': async (request, response) => {
      const form = new URLSearchParams(await readBody(request))
      const authorization = request.headers.authorization
      if (form.has('client_secret') || !authorization?.startsWith('Basic '))
        return sendJson(response, 401, {
          error: 'unauthorized_client',
          error_description: 'Missing valid authorization header',
        })
      const { status, body } = await forwardToken(form, authorization)
      sendJson(response, status, body)
    },
    '/tiktok/v2/oauth/token/': async (request, response) => {
      const form = new URLSearchParams(await readBody(request))
      const clientKey = form.get('client_key')
      if (form.has('client_id') || !clientKey)
        return sendJson(response, 400, {
          error: 'invalid_request',
          error_description: 'client_key is required',
        })
      form.delete('client_key')
      form.set('client_id', clientKey)
      const { status, body } = await forwardToken(form)
      if (status !== 200) return sendJson(response, status, body)
      const found = await provider.AccessToken.find(String(body.access_token))
      sendJson(response, 200, {
        access_token: body.access_token,
        expires_in: body.expires_in,
        open_id: found?.accountId,
        refresh_token: body.refresh_token,
        refresh_expires_in: 31_536_000,
        scope: String(body.scope ?? '').replaceAll(' ', ','),
        token_type: 'Bearer',
      })
    },
    '/instagram/oauth/access_token': async (request, response) => {
      const { status, body } = await forwardToken(new URLSearchParams(await readBody(request)))
      if (status !== 200)
        return sendJson(response, status, {
          error_type: 'OAuthException',
          code: status,
          error_message: String(body.error_description ?? body.error),
        })
      const found = await provider.AccessToken.find(String(body.access_token))
      sendJson(response, 200, {
        access_token: body.access_token,
        user_id: found?.accountId,
        permissions: String(body.scope ?? '')
          .split(' ')
          .filter(Boolean),
      })
    },
    '/apple/auth/token': async (request, response) => {
      const form = new URLSearchParams(await readBody(request))
      const client = clients.get(form.get('client_id') ?? '')
      const secret = form.get('client_secret') ?? ''
      if (!client?.apple) return sendJson(response, 400, { error: 'invalid_client' })
      try {
        const { payload, protectedHeader } = await jwtVerify(secret, client.apple.publicKey, {
          algorithms: ['ES256'],
          issuer: client.apple.teamId,
          subject: form.get('client_id') ?? '',
          audience: issuer,
          requiredClaims: ['iat', 'exp'],
        })
        if (protectedHeader.kid !== client.apple.keyId || typeof payload.exp !== 'number')
          throw new Error('kid')
      } catch {
        return sendJson(response, 400, { error: 'invalid_client' })
      }
      form.set('client_secret', client.internalSecret)
      const { status, body } = await forwardToken(form)
      sendJson(response, status, body)
    },
  }
  return { get: getRoutes, post: postRoutes }
}

import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { crossAppMethods } from '../constants/crossApp'
import { appIdSchema } from './common'
import { oauthStateCodeSchema, pkceCodeChallengeSchema } from './oauth'

/**
 * Server-only cross-app settings of an app (README.md): `is_provider` lets other apps of this
 * server (`allowed_requester_app_ids`) sign their users in with this app's accounts and use its embedded
 * wallet; `read_only` refuses their transactions and signatures; `web_url` is the provider's web app, where
 * it mounts its `/oauth/authorize` and `/oauth/transact` pages (docs/wire.md#cross-app
 * `provider_app_custom_api_url`).
 */
export const crossAppSettingsSchema = z.object({
  is_provider: z.boolean(),
  allowed_requester_app_ids: z.array(appIdSchema).max(1000),
  read_only: z.boolean(),
  web_url: z.url({ protocol: /^https?$/ }).nullable(),
})
export type CrossAppSettings = z.infer<typeof crossAppSettingsSchema>

/**
 * `GET /api/v1/apps/{appId}/cross-app/details` (docs/wire.md#cross-app): the app's name and icon (its
 * `logo_url`).
 */
export const crossAppDetailsResponseSchema = z.object({ name: z.string(), icon_url: z.string().nullable() })
export type CrossAppDetailsResponse = z.infer<typeof crossAppDetailsResponseSchema>

/** One provider a requester may use (docs/wire.md#cross-app `connections[]`). */
export const crossAppConnectionSchema = z.object({
  provider_app_id: z.string(),
  provider_app_name: z.string(),
  provider_app_icon_url: z.string().nullable(),
  provider_app_custom_api_url: z.string().nullable(),
  provider_app_custom_auth_authorize_url: z.string().nullable(),
  provider_app_custom_auth_transact_url: z.string().nullable(),
  read_only: z.boolean(),
})
export type CrossAppConnection = z.infer<typeof crossAppConnectionSchema>

/** `GET /api/v1/apps/{requesterAppId}/cross-app/connections` (docs/wire.md#cross-app). */
export const crossAppConnectionsResponseSchema = z.object({
  connections: z.array(crossAppConnectionSchema),
  data_classification: z.literal('public'),
})
export type CrossAppConnectionsResponse = z.infer<typeof crossAppConnectionsResponseSchema>

/**
 * `POST /oauth/authorization_code` (docs/wire.md#cross-app, provider side, the provider user's session):
 * `state` (the flow id of the authorize page's URL), `code_challenge`, `redirect_to` and `client_id` as the
 * URL carried them; `error: 'access_denied'` when the user denied (the requester then gets the code
 * `undefined`, docs/wire.md#oauth).
 */
export const crossAppAuthorizationCodeRequestSchema = z.object({
  /** The requester app the page named in its consent (`client_id` of its URL): must be the flow's. */
  client_id: appIdSchema.optional(),
  code_challenge: pkceCodeChallengeSchema,
  redirect_to: z.string().min(1).max(2048),
  state: oauthStateCodeSchema,
  error: z.literal('access_denied').optional(),
})
export type CrossAppAuthorizationCodeRequest = z.infer<typeof crossAppAuthorizationCodeRequestSchema>

/** Answer of `/oauth/authorization_code`: where to send the browser (`redirect_to` with the `privy_oauth_*` return). */
export const crossAppAuthorizationCodeResponseSchema = z.object({ url: z.string() })
export type CrossAppAuthorizationCodeResponse = z.infer<typeof crossAppAuthorizationCodeResponseSchema>

/**
 * `POST /oauth/verify` (docs/wire.md#cross-app, provider side): `prat` is the provider access token a
 * requester holds; with a session it must be that user's; with `callback_url`, its origin must be one of the
 * requester app's.
 */
export const crossAppVerifyRequestSchema = z.object({
  prat: z.string().min(1).max(4096),
  callback_url: z.string().max(2048).optional(),
})
export type CrossAppVerifyRequest = z.infer<typeof crossAppVerifyRequestSchema>

/** Answer of `/oauth/verify`: `verified`, and when verified the requester app and whether it is read-only. */
export const crossAppVerifyResponseSchema = z.object({
  verified: z.boolean(),
  requester_app_id: z.string().optional(),
  read_only: z.boolean().optional(),
})
export type CrossAppVerifyResponse = z.infer<typeof crossAppVerifyResponseSchema>

/**
 * The `request` query parameter of the transact page (docs/wire.md#cross-app), JSON:
 * `{ content: { request: { request: { method, params } } }, timestamp (ms), callbackUrl (requester origin) }`.
 */
export const crossAppTransactRequestSchema = z.object({
  content: z.object({
    request: z.object({
      request: z.object({ method: z.enum(crossAppMethods), params: z.array(z.unknown()).max(8) }),
    }),
  }),
  timestamp: z.number(),
  callbackUrl: z.string().max(2048),
})
export type CrossAppTransactRequest = z.infer<typeof crossAppTransactRequestSchema>

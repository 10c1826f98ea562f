import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { appIdSchema, unixSecondsSchema } from '../schemas/common'

/**
 * The console's apps calls (docs/console.md#apps), all under `/api/v1/console/apps` and answered only to an
 * operator. Secrets are write-only: answers carry each secret that is set as {@link MASKED_SECRET}, and a
 * write that sends {@link MASKED_SECRET} back keeps the stored secret; any other value replaces it.
 */

/** What an answer shows in place of a secret that is set. */
export const MASKED_SECRET = '********'

/** Path parameters of `/api/v1/console/apps/{appId}…`. */
export const consoleAppPathParamsSchema = z.object({ appId: appIdSchema })

/** One app in the list: `GET /api/v1/console/apps` → `{ apps }`, oldest first. Times in Unix seconds. */
export const consoleAppSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  allowed_origins: z.array(z.string()),
  created_at: unixSecondsSchema,
  updated_at: unixSecondsSchema,
})
export type ConsoleAppSummary = z.infer<typeof consoleAppSummarySchema>

export const consoleAppListResponseSchema = z.object({ apps: z.array(consoleAppSummarySchema) })
export type ConsoleAppListResponse = z.infer<typeof consoleAppListResponseSchema>

/** A public key that verifies the app's tokens, as published in its JWKS (kid = RFC 7638 thumbprint). */
export const consoleAppKeySchema = z.object({
  kid: z.string(),
  /** Unix seconds after which a retired key is no longer published; null for the current key. */
  verify_until: unixSecondsSchema.nullable(),
})

/**
 * `GET /api/v1/console/apps/{appId}`, and the answer of every change: the app with all its settings
 * (`AppSettings` of docs/app-config.md, secrets masked), its current signing key and the retired keys still
 * published for verification.
 */
export const consoleAppDetailSchema = consoleAppSummarySchema.extend({
  settings: z.record(z.string(), z.unknown()),
  signing_keys: z.array(consoleAppKeySchema),
})
export type ConsoleAppDetail = z.infer<typeof consoleAppDetailSchema>

/** `POST /api/v1/console/apps`: a new app with its name and allowed origins (exact, or a port wildcard). */
export const consoleAppCreateRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  allowed_origins: z.array(z.string().max(300)).max(100).default([]),
})
export type ConsoleAppCreateRequest = z.input<typeof consoleAppCreateRequestSchema>

/**
 * `PATCH /api/v1/console/apps/{appId}`: any of the name, the allowed origins (replaced whole) and settings
 * overrides (merged like `foyer-server app update --settings`: nested objects partially, arrays replace).
 */
export const consoleAppUpdateRequestSchema = z.object({
  name: z.string().max(100).optional(),
  allowed_origins: z.array(z.string().max(300)).max(100).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
})
export type ConsoleAppUpdateRequest = z.infer<typeof consoleAppUpdateRequestSchema>

/**
 * One invalid field of a create or update: `path` from the request body's root (e.g.
 * `['settings', 'accent_color']`), a stable `code` (zod's issue code, or `invalid_origin`), and a message.
 * Answered as `data.fields` of a 400 `invalid_data`.
 */
export const consoleFieldErrorSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string(),
})
export type ConsoleFieldError = z.infer<typeof consoleFieldErrorSchema>

export const consoleFieldErrorsDataSchema = z.object({ fields: z.array(consoleFieldErrorSchema) })

import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { unixSecondsSchema } from '../schemas/common'
import { consoleAppDetailSchema } from './apps'

/**
 * The console's app-secret calls (docs/server-api.md#app-secrets), under `/api/v1/console/apps/{appId}` and
 * answered only to an operator. A secret's value is shown once, in the answer that made it; afterwards only
 * its id and times are shown (the server keeps its SHA-256 only).
 */

/** One live secret of an app: the current one (`expires_at` null) or a previous one in its grace period. */
export const consoleAppSecretSchema = z.object({
  id: z.string(),
  created_at: unixSecondsSchema,
  /** Unix seconds after which a previous secret is refused; null for the current secret. */
  expires_at: unixSecondsSchema.nullable(),
})
export type ConsoleAppSecret = z.infer<typeof consoleAppSecretSchema>

/**
 * `GET …/secrets` and `POST …/revoke_previous_secrets` → the app's live secrets, the current one first.
 */
export const consoleAppSecretsSchema = z.object({ secrets: z.array(consoleAppSecretSchema) })
export type ConsoleAppSecrets = z.infer<typeof consoleAppSecretsSchema>

/** `POST …/rotate_secret` → the new secret's value (shown once) and the app's live secrets. */
export const consoleAppSecretRotationSchema = consoleAppSecretsSchema.extend({ app_secret: z.string() })
export type ConsoleAppSecretRotation = z.infer<typeof consoleAppSecretRotationSchema>

/** `POST /api/v1/console/apps` → the new app and its first secret's value (shown once). */
export const consoleAppCreatedSchema = consoleAppDetailSchema.extend({ app_secret: z.string() })
export type ConsoleAppCreated = z.infer<typeof consoleAppCreatedSchema>

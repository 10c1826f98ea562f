import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * iCloud recovery (docs/recovery-icloud.md): a random recovery secret kept as a record in the user's private
 * CloudKit database of the app's iCloud container, read and written through CloudKit Web Services.
 */

/** Apple's CloudKit Web Services base URL (the default of the server's and the wallet frame's option). */
export const CLOUDKIT_API_URL = 'https://api.apple-cloudkit.com'

/** CloudKit's two environments of a container: `development` and `production`. */
export const cloudKitEnvironmentSchema = z.enum(['development', 'production'])
export type CloudKitEnvironment = z.infer<typeof cloudKitEnvironmentSchema>

/** An iCloud container identifier: `iCloud.` then a reverse-DNS name (`iCloud.com.example.app`). */
export const icloudContainerIdentifierSchema = z
  .string()
  .max(255)
  .regex(/^iCloud\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/, 'Expected iCloud. and a reverse-DNS name')

/**
 * The app's iCloud container, server-side settings: `container_identifier`, its `environment` and a CloudKit
 * API token of that container and environment (made in the CloudKit console; sealed at rest). iCloud
 * recovery is offered only when both the container and the token are set.
 */
export const icloudRecoverySettingsSchema = z.object({
  container_identifier: icloudContainerIdentifierSchema.nullable(),
  environment: cloudKitEnvironmentSchema,
  api_token: z.string().min(1).max(256).nullable(),
})
export type IcloudRecoverySettings = z.infer<typeof icloudRecoverySettingsSchema>

/** Whether the app's iCloud container is configured (container identifier and API token set). */
export function isIcloudRecoveryConfigured(settings: IcloudRecoverySettings): boolean {
  return settings.container_identifier !== null && settings.api_token !== null
}

/** The client kinds of the iCloud calls; Foyer's server answers web clients (the browser's popup sign-in). */
export const icloudClientTypeSchema = z.literal('web')

/**
 * `POST /api/v1/recovery/oauth/init_icloud` (session) `{ client_type: 'web' }` → `{ url }`: the Apple ID
 * sign-in URL CloudKit gives for the app's container. The sign-in page hands the web auth token to its
 * opener (`ckSession` by postMessage); that token is the wallet frame's recovery access token.
 */
export const icloudInitRequestSchema = z.object({ client_type: icloudClientTypeSchema })
export type IcloudInitRequest = z.infer<typeof icloudInitRequestSchema>

/**
 * `POST /api/v1/recovery/configuration_icloud` (session) `{ client_type }` → `{ api_token,
 * container_identifier, environment }`: what a client needs to call CloudKit Web Services for the app's
 * container.
 */
export const icloudConfigurationRequestSchema = z.object({ client_type: icloudClientTypeSchema })
export type IcloudConfigurationRequest = z.infer<typeof icloudConfigurationRequestSchema>

/** Answer of `recovery/configuration_icloud`. */
export const icloudConfigurationResponseSchema = z.object({
  api_token: z.string(),
  container_identifier: z.string(),
  environment: cloudKitEnvironmentSchema,
})
export type IcloudConfigurationResponse = z.infer<typeof icloudConfigurationResponseSchema>

/**
 * The CloudKit record name of a wallet's recovery secret: `foyer-recovery-secret-<32 hex>`, random per
 * secret, so a lookup by name finds exactly that record.
 */
export const icloudRecordNameSchema = z.string().regex(/^foyer-recovery-secret-[0-9a-f]{32}$/)

/** The CloudKit record type of a recovery secret record (one field `recovery_secret`, a base64 string). */
export const ICLOUD_RECOVERY_RECORD_TYPE = 'FoyerRecoverySecret'

/**
 * The console's apps service (docs/console.md#apps): list, create and read apps, update their name, allowed
 * origins and settings with the validation `foyer-server app update` applies, answering every invalid field,
 * and rotate an app's signing key. Secrets are write-only: answers mask them (`appSettingsCodec.mask`), a
 * masked value written back keeps the stored secret, and secrets are sealed at rest as always.
 */
import { normalizeOriginPattern } from '@foyer/protocol'
import type { ConsoleAppDetail, ConsoleAppSummary, ConsoleFieldError } from '@foyer/protocol/console'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { ServerContext } from '../../../ServerContext'
import { appSettingsCodec } from '../../apps/appSettingsCodec'
import { deepMergeSettings } from '../../apps/mergeSettings'
import { appRetiredKeys, apps } from '../../apps/schema'
import {
  type AppRecord,
  createAppRecord,
  findAppRecord,
  listAppRecords,
  publicKeyOf,
  rotateSigningKey,
} from '../../apps/service'
import { validateSettings } from './validateSettings'

/** What the apps service reads of the server. */
export type ConsoleAppsContext = Pick<
  ServerContext,
  'db' | 'masterKey' | 'apps' | 'now' | 'accessTokenTtlSeconds'
>

/** Thrown with every invalid field of a create or update (answered as 400 `invalid_data`, `data.fields`). */
export class ConsoleFieldErrors extends Error {
  override name = 'ConsoleFieldErrors'
  constructor(readonly fields: ConsoleFieldError[]) {
    super(fields.map((field) => `${field.path.join('.')}: ${field.message}`).join('; '))
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

function toSummary(app: AppRecord): ConsoleAppSummary {
  return {
    id: app.id,
    name: app.name,
    allowed_origins: app.allowedOrigins,
    created_at: seconds(app.createdAt),
    updated_at: seconds(app.updatedAt),
  }
}

/** Every app, oldest first. */
export async function listConsoleApps(context: ConsoleAppsContext): Promise<ConsoleAppSummary[]> {
  return (await listAppRecords(context.db, context.masterKey)).map(toSummary)
}

/** The app `appId` with its settings (secrets masked) and signing keys; null when there is none. */
export async function getConsoleApp(
  context: ConsoleAppsContext,
  appId: string,
): Promise<ConsoleAppDetail | null> {
  const app = await findAppRecord(context.db, appId, context.masterKey)
  if (!app) return null
  const retired = await context.db.orm
    .select({ kid: appRetiredKeys.kid, verifyUntil: appRetiredKeys.verifyUntil })
    .from(appRetiredKeys)
    .where(and(eq(appRetiredKeys.appId, appId), gt(appRetiredKeys.verifyUntil, new Date(context.now()))))
    .orderBy(asc(appRetiredKeys.retiredAt))
  return {
    ...toSummary(app),
    settings: appSettingsCodec.mask(app.settings) as Record<string, unknown>,
    signing_keys: [
      { kid: (await publicKeyOf(app.publicKeyPem)).kid, verify_until: null },
      ...retired.map((key) => ({ kid: key.kid, verify_until: seconds(key.verifyUntil) })),
    ],
  }
}

/** The canonical origins of `origins`, or a field error for each invalid one (path `allowed_origins.<i>`). */
function checkOrigins(origins: readonly string[], errors: ConsoleFieldError[]): string[] {
  const normalized: string[] = []
  origins.forEach((origin, index) => {
    try {
      normalized.push(normalizeOriginPattern(origin.trim()))
    } catch (error) {
      errors.push({
        path: ['allowed_origins', index],
        code: 'invalid_origin',
        message: error instanceof Error ? error.message : 'Invalid origin',
      })
    }
  })
  return [...new Set(normalized)]
}

function checkName(name: string, errors: ConsoleFieldError[]): string {
  const trimmed = name.trim()
  if (!trimmed) errors.push({ path: ['name'], code: 'too_small', message: 'An app needs a name' })
  return trimmed
}

/**
 * Creates an app with `name` and `allowed_origins` and the default settings (email sign-in on), with a
 * fresh signing key. Throws {@link ConsoleFieldErrors} on an empty name or an invalid origin.
 */
export async function createConsoleApp(
  context: ConsoleAppsContext,
  request: { name: string; allowed_origins: readonly string[] },
): Promise<ConsoleAppDetail> {
  const errors: ConsoleFieldError[] = []
  const name = checkName(request.name, errors)
  const allowedOrigins = checkOrigins(request.allowed_origins, errors)
  if (errors.length > 0) throw new ConsoleFieldErrors(errors)
  const app = await createAppRecord(context.db, {
    name,
    allowedOrigins,
    masterKey: context.masterKey,
    now: new Date(context.now()),
  })
  return (await getConsoleApp(context, app.id)) as ConsoleAppDetail
}

/**
 * Updates app `appId`: `name`, `allowed_origins` (replaced whole) and `settings` overrides, deep-merged into
 * the current settings like `foyer-server app update --settings` (nested objects partially, arrays replace)
 * and validated by the settings schema; a secret sent as `********` keeps the stored one. Nothing is written
 * unless every field is valid: throws {@link ConsoleFieldErrors} listing them all. Returns the app before
 * and after (secrets masked), or null when there is no app `appId`.
 */
export async function updateConsoleApp(
  context: ConsoleAppsContext,
  appId: string,
  request: {
    name?: string | undefined
    allowed_origins?: readonly string[] | undefined
    settings?: Record<string, unknown> | undefined
  },
): Promise<{ before: ConsoleAppDetail; after: ConsoleAppDetail } | null> {
  const before = await getConsoleApp(context, appId)
  const current = await findAppRecord(context.db, appId, context.masterKey)
  if (!before || !current) return null
  const errors: ConsoleFieldError[] = []
  const name = request.name === undefined ? current.name : checkName(request.name, errors)
  const allowedOrigins =
    request.allowed_origins === undefined
      ? current.allowedOrigins
      : checkOrigins(request.allowed_origins, errors)
  const overrides = appSettingsCodec.keepMasked(request.settings ?? {}, current.settings)
  const merged = withoutRemovedClients(
    deepMergeSettings(current.settings as Record<string, unknown>, overrides),
  )
  const settings = validateSettings(merged, errors)
  if (errors.length > 0 || !settings) throw new ConsoleFieldErrors(errors)
  await context.db.orm
    .update(apps)
    .set({
      name,
      allowedOrigins,
      settings: appSettingsCodec.seal(settings, context.masterKey, appId),
      updatedAt: new Date(context.now()),
    })
    .where(eq(apps.id, appId))
  context.apps.clear(appId)
  return { before, after: (await getConsoleApp(context, appId)) as ConsoleAppDetail }
}

/**
 * `settings` without the OAuth clients set to null: a client sent as null is removed (docs/console.md#apps),
 * as a merge alone keeps every client the app had.
 */
function withoutRemovedClients(settings: Record<string, unknown>): Record<string, unknown> {
  const oauth = settings.oauth as { clients?: Record<string, unknown> } | undefined
  if (!oauth?.clients || !Object.values(oauth.clients).includes(null)) return settings
  const clients = Object.fromEntries(Object.entries(oauth.clients).filter(([, client]) => client !== null))
  return { ...settings, oauth: { ...oauth, clients } }
}

/**
 * Rotates the signing key of app `appId` (docs/console.md#signing-key-rotation): the old key verifies for
 * the access-token lifetime more. Returns the app before and after, or null when there is none.
 */
export async function rotateConsoleSigningKey(
  context: ConsoleAppsContext,
  appId: string,
): Promise<{ before: ConsoleAppDetail; after: ConsoleAppDetail } | null> {
  const before = await getConsoleApp(context, appId)
  if (!before) return null
  await rotateSigningKey(context.db, appId, context.masterKey, {
    verifySeconds: context.accessTokenTtlSeconds,
    now: new Date(context.now()),
  })
  context.apps.clear(appId)
  return { before, after: (await getConsoleApp(context, appId)) as ConsoleAppDetail }
}

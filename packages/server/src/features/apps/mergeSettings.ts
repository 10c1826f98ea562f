import { type AppSettings, appSettingsSchema, defaultAppSettings } from '@foyer/protocol'

/** Settings overrides: any subset of {@link AppSettings}, nested objects partially. */
export type AppSettingsOverrides = { [K in keyof AppSettings]?: unknown }

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `base` with `overrides` merged in, key by key: plain objects merge recursively, anything else (arrays
 * included) replaces; `undefined` leaves the base value. Neither argument is changed.
 *
 * @example deepMergeSettings({ a: { b: 1, c: 2 } }, { a: { c: 3 } }) // { a: { b: 1, c: 3 } }
 */
export function deepMergeSettings(
  base: Record<string, unknown>,
  overrides: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue
    const current = merged[key]
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMergeSettings(current, value) : value
  }
  return merged
}

/**
 * `defaultAppSettings` deep-merged with `overrides` (arrays replace), validated by `appSettingsSchema`.
 * Also used on every read, so settings added later get their defaults. Throws a ZodError on bad values.
 *
 * @example mergeSettings({ disable_plus_emails: true }).email_auth // true
 */
export function mergeSettings(overrides: AppSettingsOverrides | Record<string, unknown> = {}): AppSettings {
  return appSettingsSchema.parse(
    deepMergeSettings(defaultAppSettings as unknown as Record<string, unknown>, overrides),
  )
}

import { type AppSettings, appSettingsSchema } from '@foyer/protocol'
import type { ConsoleFieldError } from '@foyer/protocol/console'

/**
 * `settings` validated by the app settings schema (the check of `mergeSettings`, docs/app-config.md "App
 * server configuration"); each issue is pushed onto `errors` as a field error under `settings` (e.g. path
 * `['settings', 'mfa_methods', 0]`, code `invalid_value`). Returns the parsed settings, or null when invalid.
 */
export function validateSettings(
  settings: Record<string, unknown>,
  errors: ConsoleFieldError[],
): AppSettings | null {
  const parsed = appSettingsSchema.safeParse(settings)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues)
    errors.push({
      path: ['settings', ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
      code: issue.code,
      message: issue.message,
    })
  return null
}

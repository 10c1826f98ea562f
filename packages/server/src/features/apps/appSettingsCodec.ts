import type { AppSettings } from '@foyer/protocol'
import { deriveKey } from '../../crypto/deriveKey'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import { mergeSettings } from './mergeSettings'

/**
 * Where the app's third-party secrets live in its settings: the one list. `*` is any key of a map (the
 * OAuth providers). Public keys and ids (MoonPay's `api_key`, the CDP `api_key_id`, Apple's team and key
 * ids) are not secret and stay readable.
 */
const secretPaths: readonly (readonly string[])[] = [
  ['captcha_secret_key'],
  ['telegram_bot_token'],
  ['oauth', 'clients', '*', 'client_secret'],
  ['oauth', 'clients', '*', 'apple', 'private_key_pem'],
  ['farcaster_developer_account', 'custody_private_key'],
  ['funding_providers', 'moonpay', 'secret_key'],
  ['funding_providers', 'coinbase', 'api_key_secret'],
  ['delegated_actions', 'webhook', 'secret'],
  ['gas_sponsorship', 'signer_private_key'],
  ['icloud_recovery', 'api_token'],
]

/** A secret as stored: AES-256-GCM under the master key's `app-settings-encryption` sub-key (`v1.…`). */
export type SealedSetting = { sealed: string }

/** The settings that hold a secret somewhere inside. */
type SettingsWithSecrets =
  | 'captcha_secret_key'
  | 'telegram_bot_token'
  | 'oauth'
  | 'farcaster_developer_account'
  | 'funding_providers'
  | 'delegated_actions'
  | 'gas_sponsorship'
  | 'icloud_recovery'

/**
 * Settings as stored in `apps.settings`: {@link AppSettings} (a row written by an older version may lack
 * newer keys) with each secret a {@link SealedSetting}; read them through `appSettingsCodec.open`.
 */
export type StoredAppSettings = Partial<Omit<AppSettings, SettingsWithSecrets>> & {
  [Key in SettingsWithSecrets]?: unknown
}

/** What `mask` puts in place of a secret. */
const MASK = '********'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isSealed(value: unknown): value is SealedSetting {
  return isPlainObject(value) && typeof value.sealed === 'string' && Object.keys(value).length === 1
}

/**
 * A copy of `settings` in which every secret present (not null) is replaced by `replace(value, path)`, e.g.
 * path `['oauth', 'clients', 'github', 'client_secret']`. Objects on the way are copied, never modified.
 */
function mapSecrets(
  settings: Record<string, unknown>,
  replace: (value: unknown, path: readonly string[]) => unknown,
): Record<string, unknown> {
  const visit = (node: unknown, pattern: readonly string[], path: readonly string[]): unknown => {
    const [head, ...rest] = pattern
    if (head === undefined) return node === null || node === undefined ? node : replace(node, path)
    if (!isPlainObject(node)) return node
    const keys = head === '*' ? Object.keys(node) : Object.hasOwn(node, head) ? [head] : []
    if (keys.length === 0) return node
    const copy = { ...node }
    for (const key of keys) copy[key] = visit(node[key], rest, [...path, key])
    return copy
  }
  return secretPaths.reduce<Record<string, unknown>>(
    (current, pattern) => visit(current, pattern, []) as Record<string, unknown>,
    settings,
  )
}

const settingsKey = (masterKey: Uint8Array) => deriveKey(masterKey, 'app-settings-encryption')

/** Binds a sealed secret to its app and place, so that it cannot be moved to another app or field. */
const aad = (appId: string, path: readonly string[]) => `app-setting:${appId}:${path.join('.')}`

/** `stored` with its sealed secrets opened (not validated); throws `Error` naming the app on a wrong key. */
function openSecrets(
  stored: StoredAppSettings,
  masterKey: Uint8Array,
  appId: string,
): Record<string, unknown> {
  const key = settingsKey(masterKey)
  return mapSecrets(stored as Record<string, unknown>, (value, path) => {
    if (!isSealed(value)) return value
    try {
      return openSecret(key, value.sealed, aad(appId, path))
    } catch {
      throw new Error(`The master key does not open the sealed settings of app ${appId}`)
    }
  })
}

/**
 * The apps' third-party secrets at rest (OAuth client secrets and Apple keys, the Telegram bot token, the
 * captcha secret key, the MoonPay and Coinbase CDP secrets, the Farcaster developer account's custody key, the
 * delegated-actions webhook secret, the gas-sponsorship paymaster's signer key, the iCloud container's API token):
 * sealed with AES-256-GCM under a sub-key of the master key, each bound to its app id and field, and opened
 * only when an app is loaded with the master key. See `docs/operations.md#master-key`.
 */
export const appSettingsCodec = {
  /**
   * `settings` as stored: each secret not yet sealed is sealed under `masterKey` for app `appId`; sealed
   * ones are kept.
   *
   * @example await db.orm.update(apps).set({ settings: appSettingsCodec.seal(settings, masterKey, appId) })
   */
  seal(settings: AppSettings | StoredAppSettings, masterKey: Uint8Array, appId: string): StoredAppSettings {
    const key = settingsKey(masterKey)
    return mapSecrets(settings as Record<string, unknown>, (value, path) =>
      isSealed(value) ? value : { sealed: sealSecret(key, String(value), aad(appId, path)) },
    )
  },

  /**
   * The settings of app `appId` with its secrets opened, merged over the defaults and validated. A secret
   * still in the clear (a row written before sealing) is taken as it is. Throws `Error` naming the app (never
   * a secret) when `masterKey` does not open one; a ZodError on an invalid setting.
   *
   * @example const settings = appSettingsCodec.open(row.settings, masterKey, row.id)
   */
  open(stored: StoredAppSettings, masterKey: Uint8Array, appId: string): AppSettings {
    return mergeSettings(openSecrets(stored, masterKey, appId))
  },

  /** Whether `masterKey` opens every sealed secret of `stored` (app `appId`); settings are not validated. */
  canOpen(stored: StoredAppSettings, masterKey: Uint8Array, appId: string): boolean {
    try {
      openSecrets(stored, masterKey, appId)
      return true
    } catch {
      return false
    }
  },

  /**
   * Re-seals the sealed secrets of `stored` from `oldKey` to `newKey` (master key rotation); clear ones are
   * sealed under `newKey`. Throws like {@link appSettingsCodec.open} when `oldKey` does not open one.
   */
  reseal(
    stored: StoredAppSettings,
    oldKey: Uint8Array,
    newKey: Uint8Array,
    appId: string,
  ): StoredAppSettings {
    const from = settingsKey(oldKey)
    const to = settingsKey(newKey)
    return mapSecrets(stored as Record<string, unknown>, (value, path) => {
      let clear = String(value)
      if (isSealed(value)) {
        try {
          clear = openSecret(from, value.sealed, aad(appId, path))
        } catch {
          throw new Error(`The old master key does not open the sealed settings of app ${appId}`)
        }
      }
      return { sealed: sealSecret(to, clear, aad(appId, path)) }
    })
  },

  /** Whether `stored` holds a secret in the clear (written before sealing). */
  hasClearSecret(stored: StoredAppSettings): boolean {
    let clear = false
    mapSecrets(stored as Record<string, unknown>, (value) => {
      if (!isSealed(value)) clear = true
      return value
    })
    return clear
  },

  /**
   * `overrides` (a partial settings update) in which each secret sent back as `********` (as {@link
   * appSettingsCodec.mask} shows it) takes its value in `current`: a masked secret is kept, any other value
   * replaces it (the console's write-only secrets, docs/console.md#apps).
   *
   * @example appSettingsCodec.keepMasked({ captcha_secret_key: '********' }, app.settings) // the stored key
   */
  keepMasked(overrides: Record<string, unknown>, current: AppSettings): Record<string, unknown> {
    const at = (path: readonly string[]) =>
      path.reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), current)
    return mapSecrets(overrides, (value, path) => (value === MASK ? (at(path) ?? null) : value))
  },

  /**
   * `settings` with every secret present replaced by `********`, for output (the CLI) and logs.
   *
   * @example JSON.stringify(appSettingsCodec.mask(app.settings))
   */
  mask<T extends AppSettings | StoredAppSettings>(settings: T): T {
    return mapSecrets(settings as Record<string, unknown>, () => MASK) as T
  },
}

/** What {@link maskSecrets} writes in place of a secret (as the app settings' own masking does). */
export const SECRET_MASK = '********'

/**
 * Property names that hold a secret: the app settings' secrets (`client_secret`, `captcha_secret_key`,
 * `telegram_bot_token`, `private_key_pem`, `api_key_secret`, `api_token`, …; docs/app-config.md) and any
 * password, token, private key or share.
 */
const secretName = /secret|token|password|passcode|private_?key|share|seed|mnemonic/i

/**
 * A copy of `value` (JSON-like) in which every property whose name says it is a secret, and every sealed
 * setting (`{ sealed: '…' }`), is replaced by {@link SECRET_MASK}; null secrets stay null (nothing set).
 * What the audit log writes as before/after (docs/console.md#audit-log).
 *
 * @example maskSecrets({ oauth: { clients: { github: { client_id: 'a', client_secret: 'b' } } } })
 * // { oauth: { clients: { github: { client_id: 'a', client_secret: '********' } } } }
 */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets)
  if (typeof value !== 'object' || value === null) return value
  if (value instanceof Date) return value.toISOString()
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 1 && entries[0]?.[0] === 'sealed') return SECRET_MASK
  return Object.fromEntries(
    entries.map(([key, item]) => [
      key,
      secretName.test(key) && item !== null && item !== undefined ? SECRET_MASK : maskSecrets(item),
    ]),
  )
}

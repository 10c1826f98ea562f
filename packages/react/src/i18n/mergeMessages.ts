import type { Messages } from './Messages'
import type { MessagesOverride } from './MessagesOverride'

/**
 * Lays `layers` over `base`, later layers winning, key by key (internal). Only keys of `base` are read from
 * a layer, and only string values: a host's stray key or non-string value is ignored.
 *
 * @param base - the complete English messages
 * @param layers - a locale's messages, then the host's overrides; `undefined` layers are skipped
 * @returns complete messages
 *
 * @example
 * mergeMessages(en, de, { landing: { header: 'Willkommen' } }).landing.header // 'Willkommen'
 */
export function mergeMessages(base: Messages, ...layers: (MessagesOverride | undefined)[]): Messages {
  const merged: Record<string, Record<string, string>> = {}
  for (const screen of Object.keys(base) as (keyof Messages)[]) {
    const texts: Record<string, string> = { ...(base[screen] as Record<string, string>) }
    for (const layer of layers) {
      const overrides = layer?.[screen] as Record<string, unknown> | undefined
      if (!overrides || typeof overrides !== 'object') continue
      for (const key of Object.keys(texts)) {
        const value = Object.hasOwn(overrides, key) ? overrides[key] : undefined
        if (typeof value === 'string') texts[key] = value
      }
    }
    merged[screen] = texts
  }
  return merged as Messages
}

import { useEffect, useMemo, useState } from 'react'
import { createFormatters, type Formatters } from './createFormatters'
import { en, type Messages } from './en'
import { loadedLocaleMessages, loadLocaleMessages } from './loadLocaleMessages'
import type { MessagesOverride } from './MessagesOverride'
import { mergeMessages } from './mergeMessages'
import { resolveLocale, type SupportedLocale } from './resolveLocale'

/**
 * The provider's texts and formatters for its `intl` config (internal; docs/wire.md → intl).
 * English shows at once; another shipped locale's chunk starts loading when the provider mounts (or the
 * locale changes) and its texts replace English as soon as it arrives, usually before the user opens the
 * modal. Should the chunk fail to load (offline), English stays. The host's `messages` win over both.
 *
 * @returns `messages` (complete), `language` (the shipped locale those texts are in, for the modal's
 *   `lang`) and `format` (numbers, amounts and dates for the host's tag)
 *
 * @example
 * const { messages, format } = useLocaleMessages({ locale: 'de' })
 */
export function useLocaleMessages(intl: { locale?: string; messages?: MessagesOverride } | undefined): {
  messages: Messages
  language: SupportedLocale
  format: Formatters
} {
  const { tag, messages: wanted } = resolveLocale(intl?.locale)
  const [, setLoadedCount] = useState(0)
  // English is bundled: no layer over it.
  const bundle = wanted === 'en' ? undefined : loadedLocaleMessages(wanted)

  useEffect(() => {
    if (wanted === 'en' || loadedLocaleMessages(wanted)) return
    let current = true
    loadLocaleMessages(wanted)
      .then(() => {
        if (current) setLoadedCount((count) => count + 1)
      })
      .catch(() => {
        // The chunk did not load: English stays; the next mount (or locale) tries again.
      })
    return () => {
      current = false
    }
  }, [wanted])

  // Keyed by content: a host passing a new but equal `messages` object each render keeps the same texts
  // (screens' effects and callbacks depend on them).
  const overridesKey = intl?.messages ? JSON.stringify(intl.messages) : undefined
  const messages = useMemo(
    () =>
      mergeLayers(
        bundle,
        overridesKey === undefined ? undefined : (JSON.parse(overridesKey) as MessagesOverride),
      ),
    [bundle, overridesKey],
  )
  const format = useMemo(() => createFormatters(tag), [tag])
  return { messages, language: bundle ? wanted : 'en', format }
}

function mergeLayers(
  bundle: MessagesOverride | undefined,
  overrides: MessagesOverride | undefined,
): Messages {
  return bundle || overrides ? mergeMessages(en, bundle, overrides) : en
}

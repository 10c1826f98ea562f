import { useEffect, useMemo, useState } from 'react'
import { createFormatters, type Formatters } from './createFormatters'
import { en } from './en'
import { type LaterEnglish, loadedLaterEnglish, loadLaterEnglish } from './loadLaterEnglish'
import { loadedLocaleMessages, loadLocaleMessages } from './loadLocaleMessages'
import type { Messages } from './Messages'
import type { MessagesOverride } from './MessagesOverride'
import { mergeMessages } from './mergeMessages'
import { resolveLocale, type SupportedLocale } from './resolveLocale'

/**
 * The provider's texts and formatters for its `intl` config (internal; docs/wire.md → intl).
 * English shows at once; another shipped locale's chunk starts loading when the provider mounts (or the
 * locale changes) and its texts replace English as soon as it arrives, usually before the user opens the
 * modal. Should the chunk fail to load (offline), English stays. The host's `messages` win over both.
 * The English of the screens after sign-in (`enLater.ts`) loads the same way after the first render: until
 * it is there, `messages` has the sign-in texts only, and the modal stays closed (`hasLaterMessages`).
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

  const later = loadedLaterEnglish()
  useEffect(() => {
    if (loadedLaterEnglish()) return
    let current = true
    loadLaterEnglish()
      .then(() => {
        if (current) setLoadedCount((count) => count + 1)
      })
      .catch(() => {
        // The chunk did not load (offline): the modal stays closed; the next mount tries again.
      })
    return () => {
      current = false
    }
  }, [])

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
        later,
        bundle,
        overridesKey === undefined ? undefined : (JSON.parse(overridesKey) as MessagesOverride),
      ),
    [later, bundle, overridesKey],
  )
  const format = useMemo(() => createFormatters(tag), [tag])
  return { messages, language: bundle ? wanted : 'en', format }
}

/**
 * The English copy (the sign-in texts, with those of the screens after sign-in once `later` is loaded), with
 * a locale's texts and the host's overrides laid over it.
 */
function mergeLayers(
  later: LaterEnglish | undefined,
  bundle: MessagesOverride | undefined,
  overrides: MessagesOverride | undefined,
): Messages {
  // Until `later` loads, the sections of the screens after sign-in are missing: only the modal renders
  // those screens, and it opens once they are there (`hasLaterMessages`).
  const english = (later ? { ...en, ...later } : en) as Messages
  return bundle || overrides ? mergeMessages(english, bundle, overrides) : english
}

/**
 * Whether `messages` holds the texts of the screens after sign-in (`enLater.ts`), which load after the
 * provider's first render (internal): the modal opens only then.
 */
export function hasLaterMessages(messages: Messages): boolean {
  return Object.hasOwn(messages, 'transaction')
}

import type { enLater } from './enLater'

/** The English copy of the screens after sign-in (`enLater.ts`). */
export type LaterEnglish = typeof enLater

let loaded: LaterEnglish | undefined
let loading: Promise<LaterEnglish> | undefined

/**
 * Loads the English copy of the screens after sign-in, its own chunk, once per page (internal): the
 * provider starts it after its first render and the modal opens once it is there, so no screen renders
 * without its texts while the page's initial JavaScript stays small (docs/architecture.md "Budgets").
 *
 * @returns the texts, keyed by screen
 * @throws whatever the chunk's import throws (offline); a later call tries again
 */
export function loadLaterEnglish(): Promise<LaterEnglish> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= import('./enLater').then(
    (module) => {
      loaded = module.enLater
      return loaded
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The English copy of the screens after sign-in when already loaded (no wait), else `undefined` (internal). */
export function loadedLaterEnglish(): LaterEnglish | undefined {
  return loaded
}

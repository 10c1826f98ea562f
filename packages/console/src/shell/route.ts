import { useSyncExternalStore } from 'react'

/**
 * Where the console is: the location hash `#/<page>/<rest…>` (`#/users/cmx…` is page `users` with params
 * `['cmx…']`). Hash routing keeps the server's one page at `/console` (docs/console.md#the-page).
 */
export type ConsoleRoute = { page: string; params: readonly string[] }

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

/** The route of `hash` (`location.hash`); `defaultPage` when it names none. */
export function routeOf(hash: string, defaultPage: string): ConsoleRoute {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  return { page: parts[0] ?? defaultPage, params: parts.slice(1) }
}

/** The current {@link ConsoleRoute}, updated on navigation. */
export function useConsoleRoute(defaultPage: string): ConsoleRoute {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash)
  return routeOf(hash, defaultPage)
}

/**
 * The link of a console location: `consoleHref('users', id)` → `#/users/<id>` (for `<a href>`).
 *
 * @example <a href={consoleHref('users', user.id)}>{user.email}</a>
 */
export function consoleHref(page: string, ...params: string[]): string {
  return `#/${[page, ...params].map(encodeURIComponent).join('/')}`
}

/** Goes to a console location (as a click on its {@link consoleHref} link would). */
export function navigateTo(page: string, ...params: string[]): void {
  window.location.hash = consoleHref(page, ...params)
}

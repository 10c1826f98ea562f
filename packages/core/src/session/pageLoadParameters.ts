import type { FoyerClient } from '../client/FoyerClient'

/** Names of the page-load parameters besides the OAuth return's (docs/sessions.md#page-load-parameters). */
export const pageLoadParameterNames = {
  token: 'privy_token',
  connector: 'privy_connector',
  walletClient: 'privy_wallet_client',
} as const

/** The page-load parameters a page was opened with (docs/sessions.md#page-load-parameters). */
export type PageLoadParameters = {
  /** `privy_token`: a token the linking page handed to this one, or `null`. */
  token: string | null
  /** `privy_connector`: the connector type of the wallet the user came back from (e.g. `injected`), or `null`. */
  connector: string | null
  /** `privy_wallet_client`: the wallet client type of that wallet (e.g. `phantom`), or `null`. */
  walletClient: string | null
}

/** The window parts this reads and rewrites (a narrow type so tests can hand in a fake). */
export type PageLoadWindow = {
  location: { href: string }
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void }
}

const taken = new WeakMap<FoyerClient, PageLoadParameters | null>()

/**
 * Reads `privy_token`, `privy_connector` and `privy_wallet_client` from `win`'s URL and removes them from
 * the address bar (`history.replaceState`, no reload; the rest of the query and the fragment kept), so a
 * token never stays in the history, a bookmark, a shared link or a `Referer`.
 *
 * @returns The values (`null` for a missing one), or `null` when none is present (the URL is then left
 *   alone).
 * @internal
 */
export function takePageLoadParameters(win: PageLoadWindow): PageLoadParameters | null {
  let url: URL
  try {
    url = new URL(win.location.href)
  } catch {
    return null
  }
  const found = {} as Record<keyof PageLoadParameters, string | null>
  let any = false
  for (const [key, name] of Object.entries(pageLoadParameterNames)) {
    const value = url.searchParams.get(name)
    found[key as keyof PageLoadParameters] = value
    any ||= value !== null
    url.searchParams.delete(name)
  }
  if (!any) return null
  win.history.replaceState(win.history.state, '', url.toString())
  return found
}

/**
 * Takes the page-load parameters once per client, at its first `initialize` (docs/sessions.md#page-load-parameters).
 *
 * @internal
 */
export function capturePageLoadParameters(client: FoyerClient): void {
  if (taken.has(client)) return
  const win = (globalThis as { window?: PageLoadWindow }).window
  let found: PageLoadParameters | null = null
  try {
    if (win?.location && win.history) found = takePageLoadParameters(win)
  } catch {}
  taken.set(client, found)
}

/**
 * The page-load parameters the page was opened with: `privy_token`, `privy_connector` and
 * `privy_wallet_client`, read by the client's first `initialize` and removed from the address bar then
 * (docs/sessions.md#page-load-parameters).
 *
 * @returns `{ token, connector, walletClient }` (each `null` when missing), or `null` when the page had
 *   none of them (or `initialize` has not run yet).
 * @example
 * await initialize(client)
 * const found = getPageLoadParameters(client)
 * if (found?.walletClient) reconnect(found.walletClient, found.connector)
 */
export function getPageLoadParameters(client: FoyerClient): PageLoadParameters | null {
  return taken.get(client) ?? null
}

/**
 * The console warning a frame page prints once when the browser refuses it IndexedDB (a cross-site frame
 * while third-party cookies are blocked, see docs/security.md#the-wallet-frames-storage-across-sites): which
 * page, what is kept in memory instead, and the browser's own error (its name and message), e.g.
 * `[foyer wallet frame] IndexedDB unavailable (UnknownError: The user denied permission to access the
 * database.): device share kept in memory`.
 *
 * @example console.warn(storageUnavailableWarning('wallet frame', 'device share', error))
 */
export function storageUnavailableWarning(
  page: 'wallet frame' | 'wallet export' | 'wallet import',
  kept: 'device key' | 'device share',
  error: unknown,
): string {
  const cause =
    error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)
      ? `${error.name}: ${error.message}`
      : String(error)
  return `[foyer ${page}] IndexedDB unavailable (${cause}): ${kept} kept in memory`
}

/**
 * Runs `run` while holding the exclusive Web Lock `name` (`navigator.locks.request`), so that two tabs of one
 * browser never do it at once — above all, never rotate the same refresh token at once (docs/sessions.md "One
 * operation at a time"; docs/security.md property 22). Where Web Locks are missing (Node, old browsers) `run`
 * runs directly: the per-client single flight still holds, and the server's grace window answers a
 * just-rotated token with the same successor.
 *
 * `run` learns whether it had to wait for another holder (another tab, or another task of this one): then what
 * it read before may be stale (e.g. the wallet another tab just created).
 *
 * @param name - The lock name, e.g. `foyer:<appId>:session`.
 * @returns What `run` returns.
 * @internal
 */
export async function withCrossTabLock<T>(name: string, run: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = lockManager()
  if (!locks) return run(false)
  const busy = Symbol('busy')
  const first = await locks.request(name, { mode: 'exclusive', ifAvailable: true }, (lock) =>
    lock ? run(false) : busy,
  )
  if (first !== busy) return first as T
  return (await locks.request(name, { mode: 'exclusive' }, () => run(true))) as T
}

function lockManager(): LockManager | undefined {
  try {
    const locks = globalThis.navigator?.locks
    return typeof locks?.request === 'function' ? locks : undefined
  } catch {
    return undefined
  }
}

/** The name of the lock that guards one app's session in one browser. @internal */
export function sessionLockName(appId: string): string {
  return `foyer:${appId}:session`
}

/** The name of the lock that lets one tab at a time create one app's `createOnLogin` wallets. @internal */
export function walletCreationLockName(appId: string): string {
  return `foyer:${appId}:wallet-creation`
}

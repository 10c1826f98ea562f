/**
 * Runs `run` while holding the exclusive Web Lock `name` (`navigator.locks.request`), so that two tabs of one
 * browser never do it at once — above all, never rotate the same refresh token at once (spec 01 §4 "One
 * operation at a time"; security checklist C.22). Where Web Locks are missing (Node, old browsers) `run`
 * runs directly: the per-client single flight still holds, and the server's grace window answers a
 * just-rotated token with the same successor.
 *
 * @param name - The lock name, e.g. `foyer:<appId>:session`.
 * @returns What `run` returns.
 * @internal
 */
export async function withCrossTabLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = lockManager()
  if (!locks) return run()
  return (await locks.request(name, { mode: 'exclusive' }, () => run())) as T
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

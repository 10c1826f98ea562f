import type { ExclusiveOperation, FoyerClient } from './FoyerClient'

/**
 * Runs `operation` one at a time per client (docs/sessions.md: "Authenticate, link, refresh, destroy and fork
 * each run one at a time; concurrent callers share one operation"):
 * - a call while the same operation runs with the same `key` (same parameters) shares that call's promise;
 * - a call with another `key` waits for the running one to settle, then runs.
 *
 * @param key - Identifies the parameters (e.g. `JSON.stringify([email, code])`); `''` when there are none.
 * @returns What `run` returns.
 * @internal
 */
export function runExclusive<T>(
  client: FoyerClient,
  operation: ExclusiveOperation,
  key: string,
  run: () => Promise<T>,
): Promise<T> {
  const { operations } = client._internal.tasks
  const current = operations.get(operation)
  if (current && current.key === key) return current.promise as Promise<T>
  const started = current ? current.promise.then(run, run) : run()
  const promise = started.finally(() => {
    if (operations.get(operation)?.promise === promise) operations.delete(operation)
  })
  operations.set(operation, { key, promise })
  return promise
}

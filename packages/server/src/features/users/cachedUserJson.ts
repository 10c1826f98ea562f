import type { User } from '@foyer/protocol'
import type { ServerContext } from '../../ServerContext'
import { getUserJson } from './service'

/** Users whose wire JSON one process keeps; the least recently read goes first. */
const CAPACITY = 10_000

type Entry = { revision: number; user: User }

const caches = new WeakMap<object, Map<string, Entry>>()

/**
 * The wire user `userId` at `revision` (its `users.revision`, read with the session check in the same
 * statement): from this process's cache when it holds that revision, else read (one statement) and kept.
 * Never stale: every change a user's JSON shows raises the revision in its own transaction (database
 * triggers), so a kept value whose revision still matches is the current one, on any number of processes
 * (docs/sessions.md, "Session reads"). Null when the user is gone. The answer is shared: do not mutate it.
 *
 * @example const { userId, userRevision } = await requireSession(context, request)
 * const user = await cachedUserJson(context, userId, userRevision)
 */
export async function cachedUserJson(
  context: ServerContext,
  userId: string,
  revision: number,
): Promise<User | null> {
  let cache = caches.get(context.instance)
  if (!cache) {
    cache = new Map()
    caches.set(context.instance, cache)
  }
  const kept = cache.get(userId)
  if (kept && kept.revision === revision) {
    // Most recently read last: a Map iterates in insertion order.
    cache.delete(userId)
    cache.set(userId, kept)
    return kept.user
  }
  const user = await getUserJson(context, userId)
  cache.delete(userId)
  if (!user) return null
  // Read after `revision` was: it shows revision `revision` or a later one, and a later one would have
  // raised the revision, so keeping it under `revision` never serves a change late.
  cache.set(userId, { revision, user })
  if (cache.size > CAPACITY) cache.delete(cache.keys().next().value as string)
  return user
}

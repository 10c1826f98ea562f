import { vi } from 'vitest'

/** One cookie as the page wrote it: its value and its attributes, lower-cased names. */
export type FakeCookie = { value: string; attributes: Record<string, string | true> }

/**
 * Stubs `document.cookie` (a small cookie jar that honours `Max-Age`) and `location` for `url`. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function installFakeBrowser(url = 'http://localhost:5173/') {
  const jar = new Map<string, FakeCookie>()
  const document = {
    get cookie() {
      return [...jar].map(([name, cookie]) => `${name}=${cookie.value}`).join('; ')
    },
    set cookie(assignment: string) {
      const [pair = '', ...parts] = assignment.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const attributes: Record<string, string | true> = {}
      for (const part of parts) {
        const [key = '', raw] = part.split('=')
        attributes[key.trim().toLowerCase()] = raw === undefined ? true : raw.trim()
      }
      if (attributes['max-age'] !== undefined && Number(attributes['max-age']) <= 0) jar.delete(name)
      else jar.set(name, { value, attributes })
    },
  }
  vi.stubGlobal('document', document)
  vi.stubGlobal('location', new URL(url))
  return {
    jar,
    /** Sets a cookie as a server would (e.g. the readable `privy-session` flag in server-cookie mode). */
    serverSets(name: string, value: string) {
      jar.set(name, { value, attributes: { path: '/' } })
    },
  }
}

/**
 * A stand-in for `navigator.locks`: exclusive locks by name, granted in request order — enough to run two
 * clients over one storage as two tabs. Install with `vi.stubGlobal('navigator', { locks })`.
 */
export function createFakeLockManager() {
  const tails = new Map<string, Promise<unknown>>()
  const held = new Map<string, number>()
  const granted: string[] = []
  const locks = {
    request<T>(
      name: string,
      options: { mode: 'exclusive'; ifAvailable?: boolean },
      callback: (lock: { name: string } | null) => Promise<T> | T,
    ): Promise<T> {
      // `ifAvailable`: the callback gets `null` at once when the lock is held or queued for.
      if (options.ifAvailable && (held.get(name) ?? 0) > 0) return Promise.resolve(callback(null))
      held.set(name, (held.get(name) ?? 0) + 1)
      const previous = tails.get(name) ?? Promise.resolve()
      const result = previous
        .then(() => {
          granted.push(name)
          return callback({ name })
        })
        .finally(() => held.set(name, (held.get(name) ?? 1) - 1))
      tails.set(
        name,
        result.catch(() => {}),
      )
      return result
    },
  }
  return { locks, granted }
}

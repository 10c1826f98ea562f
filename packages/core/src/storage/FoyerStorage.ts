/**
 * Where the client keeps its tokens and ids. Async so that any backend fits (localStorage, IndexedDB,
 * React Native AsyncStorage, a cookie jar…). Keys are namespaced by the client: `foyer:<appId>:access_token`,
 * `foyer:<appId>:refresh_token`, `foyer:<appId>:identity_token`, `foyer:<appId>:recent_login_method`,
 * `foyer:client_id`, `foyer:analytics_id`.
 *
 * @example
 * const storage: FoyerStorage = {
 *   get: async (key) => sessionStorage.getItem(key),
 *   set: async (key, value) => sessionStorage.setItem(key, value),
 *   remove: async (key) => sessionStorage.removeItem(key),
 * }
 * createFoyerClient({ appId, apiUrl, storage })
 */
export interface FoyerStorage {
  /** The value stored under `key`, or `null` when there is none. */
  get(key: string): Promise<string | null>
  /** Stores `value` under `key`, replacing any previous value. */
  set(key: string, value: string): Promise<void>
  /** Removes `key`; a no-op when absent. */
  remove(key: string): Promise<void>
}

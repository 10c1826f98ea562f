import type { AdapterPayload } from 'oidc-provider'

/**
 * oidc-provider's storage (its adapter interface) in memory: a class whose instances share one map per
 * call, so each local identity provider keeps its own grants, codes, tokens, sessions and clients.
 */
export function createMemoryAdapter() {
  const storage = new Map<string, AdapterPayload>()
  const expiry = new Map<string, number>()
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      storage.set(this.key(id), payload)
      if (expiresIn) expiry.set(this.key(id), Date.now() + expiresIn * 1000)
      if (payload.grantId) storage.set(`grant:${payload.grantId}:${this.key(id)}`, {})
      if (payload.uid) storage.set(`uid:${this.model}:${payload.uid}`, { id })
    }
    async find(id: string) {
      const expiresAt = expiry.get(this.key(id))
      if (expiresAt !== undefined && expiresAt <= Date.now()) return undefined
      return storage.get(this.key(id))
    }
    async findByUid(uid: string) {
      const ref = storage.get(`uid:${this.model}:${uid}`) as { id?: string } | undefined
      return ref?.id ? this.find(ref.id) : undefined
    }
    async findByUserCode() {
      return undefined
    }
    async consume(id: string) {
      const payload = storage.get(this.key(id))
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      storage.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      const prefix = `grant:${grantId}:`
      for (const key of [...storage.keys()])
        if (key.startsWith(prefix)) {
          storage.delete(key.slice(prefix.length))
          storage.delete(key)
        }
    }
  }
}

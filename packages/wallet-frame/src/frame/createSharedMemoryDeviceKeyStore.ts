import { type DeviceKeyStore, isKeyPair } from './DeviceKeyStore'

/** How long a page waits for another page of the frame's origin to hand over its key, ms. */
const PEER_ANSWER_MS = 300

type PeerMessage = { type: 'request' } | { type: 'key'; pair: CryptoKeyPair } | { type: 'delete' }

/**
 * A {@link DeviceKeyStore} in memory that the pages of the frame's origin in one browser share over a
 * `BroadcastChannel` (`docs/security.md#device-keys`): the fallback when the browser gives the frame no
 * IndexedDB (third-party storage blocked). The hidden wallet frame and the export page then use one key —
 * a `CryptoKey` is structured-cloned, and stays non-extractable — instead of one each, which the server
 * would refuse (a session registers one key). A page without a key asks the others and waits 300 ms for an
 * answer; `delete` (a revoked key) is told to every page.
 *
 * @example const keys = createSharedMemoryDeviceKeyStore({ appId })
 */
export function createSharedMemoryDeviceKeyStore(options: {
  appId: string
  /** Default: the global `BroadcastChannel` (absent: memory of this page only). */
  BroadcastChannel?: typeof BroadcastChannel | undefined
}): DeviceKeyStore {
  const Channel = options.BroadcastChannel ?? globalThis.BroadcastChannel
  const channel = Channel ? new Channel(`foyer-device-key:${options.appId}`) : null
  let stored: CryptoKeyPair | null = null
  const waiting = new Set<(pair: CryptoKeyPair) => void>()
  channel?.addEventListener('message', (event: MessageEvent<PeerMessage>) => {
    const message = event.data
    if (message?.type === 'request' && stored) channel.postMessage({ type: 'key', pair: stored })
    if (message?.type === 'key' && isKeyPair(message.pair))
      for (const resolve of waiting) resolve(message.pair)
    if (message?.type === 'delete') stored = null
  })
  /** Another page's key, or null when none answers in time. */
  function askPeers(): Promise<CryptoKeyPair | null> {
    if (!channel) return Promise.resolve(null)
    return new Promise((resolve) => {
      const done = (pair: CryptoKeyPair | null) => {
        clearTimeout(timer)
        waiting.delete(onKey)
        resolve(pair)
      }
      const onKey = (pair: CryptoKeyPair) => done(pair)
      const timer = setTimeout(() => done(null), PEER_ANSWER_MS)
      waiting.add(onKey)
      channel.postMessage({ type: 'request' })
    })
  }
  return {
    async get() {
      stored ??= await askPeers()
      return stored
    },
    async putIfAbsent(pair) {
      stored ??= (await askPeers()) ?? pair
      return stored
    },
    async delete() {
      stored = null
      channel?.postMessage({ type: 'delete' })
    },
  }
}

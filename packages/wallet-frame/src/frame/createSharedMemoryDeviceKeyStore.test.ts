import { describe, expect, test } from 'vitest'
import { createSharedMemoryDeviceKeyStore } from './createSharedMemoryDeviceKeyStore'

/**
 * An in-process BroadcastChannel: Node's cannot clone a `CryptoKey` (browsers can), so the tests pass the
 * messages on by reference to the other channels of the same name, asynchronously as browsers do.
 */
class LocalChannel extends EventTarget {
  static readonly open = new Map<string, Set<LocalChannel>>()
  constructor(readonly name: string) {
    super()
    const peers = LocalChannel.open.get(name) ?? new Set()
    peers.add(this)
    LocalChannel.open.set(name, peers)
  }
  postMessage(data: unknown) {
    for (const peer of LocalChannel.open.get(this.name) ?? [])
      if (peer !== this) setTimeout(() => peer.dispatchEvent(new MessageEvent('message', { data })), 0)
  }
}
const Channel = LocalChannel as unknown as typeof BroadcastChannel

const newPair = () =>
  crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])

async function publicJwk(pair: CryptoKeyPair) {
  return crypto.subtle.exportKey('jwk', pair.publicKey)
}

describe('createSharedMemoryDeviceKeyStore', () => {
  test('behavior: the pages of one app share one key (the export page gets the wallet frame’s)', async () => {
    const appId = `app-${Math.random()}`
    const walletFrame = createSharedMemoryDeviceKeyStore({ appId, BroadcastChannel: Channel })
    const exportPage = createSharedMemoryDeviceKeyStore({ appId, BroadcastChannel: Channel })
    const made = await walletFrame.putIfAbsent(await newPair())
    const shared = await exportPage.get()
    expect(shared).not.toBeNull()
    expect(await publicJwk(shared!)).toEqual(await publicJwk(made))
    // Still non-extractable on the other side.
    expect(shared!.privateKey.extractable).toBe(false)
    // A second page making its own key keeps the existing one instead.
    const third = createSharedMemoryDeviceKeyStore({ appId, BroadcastChannel: Channel })
    expect(await publicJwk(await third.putIfAbsent(await newPair()))).toEqual(await publicJwk(made))
  })

  test('behavior: another app gets no key; a deleted key is gone from every page', async () => {
    const appId = `app-${Math.random()}`
    const first = createSharedMemoryDeviceKeyStore({ appId, BroadcastChannel: Channel })
    const second = createSharedMemoryDeviceKeyStore({ appId, BroadcastChannel: Channel })
    await first.putIfAbsent(await newPair())
    expect(
      await createSharedMemoryDeviceKeyStore({ appId: `${appId}-other`, BroadcastChannel: Channel }).get(),
    ).toBeNull()
    expect(await second.get()).not.toBeNull()
    await second.delete()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await first.get()).toBeNull()
  })
})

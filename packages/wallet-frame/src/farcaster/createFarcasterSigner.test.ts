import type { FarcasterSigner } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import { createMemoryShareStore } from '../frame/createMemoryShareStore'
import { createFarcasterSigner } from './createFarcasterSigner'

const appId = 'foyerdemoapp0000000000000'
const hash = `0x${'ab'.repeat(20)}` as const

/** A server stand-in that records the public keys it was given and answers `answer(key)`. */
function server(answer: (key: string) => FarcasterSigner['status'] = () => 'pending_approval') {
  const keys: string[] = []
  return {
    keys,
    async initSigner(_token: string, body: { ed25519_public_key: string }): Promise<FarcasterSigner> {
      keys.push(body.ed25519_public_key)
      const status = answer(body.ed25519_public_key)
      return status === 'pending_approval'
        ? { status, public_key: body.ed25519_public_key, signer_approval_url: 'farcaster://x' }
        : { status, public_key: body.ed25519_public_key, fid: '3' }
    },
  }
}

describe('createFarcasterSigner', () => {
  test('default: init makes one key per user, kept in the store; sign verifies with its public key', async () => {
    const keys = createMemoryShareStore()
    const api = server()
    const signer = createFarcasterSigner({ appId, keys, initSigner: api.initSigner })
    const first = await signer.init('token', 'did:foyer:alice')
    expect(first.status).toBe('pending_approval')
    expect(keys.size).toBe(1)
    // A reload (a new handler over the same store) keeps the same key.
    const reloaded = createFarcasterSigner({ appId, keys, initSigner: api.initSigner })
    expect((await reloaded.init('token', 'did:foyer:alice')).public_key).toBe(first.public_key)
    const { signature } = await reloaded.sign('did:foyer:alice', hash)
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(
      ed25519.verify(
        hexToBytes(signature as `0x${string}`),
        hexToBytes(hash),
        hexToBytes(first.public_key as `0x${string}`),
      ),
    ).toBe(true)
    // Another user gets another key.
    const bob = await signer.init('token', 'did:foyer:bob')
    expect(bob.public_key).not.toBe(first.public_key)
    expect(keys.size).toBe(2)
  })

  test('behavior: a revoked key is replaced by a new one', async () => {
    const keys = createMemoryShareStore()
    const revoked = new Set<string>()
    const api = server((key) => (revoked.has(key) ? 'revoked' : 'pending_approval'))
    const signer = createFarcasterSigner({ appId, keys, initSigner: api.initSigner })
    const first = await signer.init('token', 'did:foyer:alice')
    revoked.add(first.public_key)
    const second = await signer.init('token', 'did:foyer:alice')
    expect(second.status).toBe('pending_approval')
    expect(second.public_key).not.toBe(first.public_key)
    const { signature } = await signer.sign('did:foyer:alice', hash)
    expect(
      ed25519.verify(
        hexToBytes(signature as `0x${string}`),
        hexToBytes(hash),
        hexToBytes(second.public_key as `0x${string}`),
      ),
    ).toBe(true)
  })

  test('behavior: concurrent inits share one key', async () => {
    const api = server()
    const signer = createFarcasterSigner({
      appId,
      keys: createMemoryShareStore(),
      initSigner: api.initSigner,
    })
    const [a, b] = await Promise.all([signer.init('t', 'did:foyer:a'), signer.init('t', 'did:foyer:a')])
    expect(a.public_key).toBe(b.public_key)
    expect(api.keys).toHaveLength(1)
  })

  test('error: a refused init keeps no key; signing without a key fails', async () => {
    const keys = createMemoryShareStore()
    const signer = createFarcasterSigner({
      appId,
      keys,
      initSigner: async () => {
        throw new Error('refused')
      },
    })
    await expect(signer.init('t', 'did:foyer:alice')).rejects.toThrow('refused')
    expect(keys.size).toBe(0)
    await expect(signer.sign('did:foyer:alice', hash)).rejects.toMatchObject({
      name: 'FrameRequestError',
      type: 'error',
      message: 'No Farcaster signer on this device',
    })
  })
})

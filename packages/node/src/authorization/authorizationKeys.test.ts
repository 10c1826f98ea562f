import { createPublicKey, verify } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import {
  authorizationPublicKey,
  generateAuthorizationKeyPair,
  signAuthorizationRequest,
} from './authorizationKeys'

describe('authorization keys', () => {
  test('default: a signature verifies under the pair’s public key over the RFC 8785 canonical payload', () => {
    const { privateKey, publicKey } = generateAuthorizationKeyPair()
    expect(privateKey.startsWith('wallet-auth:')).toBe(true)
    expect(authorizationPublicKey(privateKey)).toBe(publicKey)
    const signature = signAuthorizationRequest(privateKey, {
      method: 'POST',
      url: 'https://foyer.example/api/v1/wallets/w1/rpc/',
      body: { z: [1, 'é'], a: { c: true, b: null } },
      appId: 'app-1',
    })
    // Keys sorted at every level, no white space, the trailing slash of the URL dropped (RFC 8785).
    const canonical =
      '{"body":{"a":{"b":null,"c":true},"z":[1,"é"]},"headers":{"privy-app-id":"app-1"},"method":"POST","url":"https://foyer.example/api/v1/wallets/w1/rpc","version":1}'
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' })
    expect(verify('sha256', Buffer.from(canonical), key, Buffer.from(signature, 'base64'))).toBe(true)
  })

  test('error: a key without the prefix or not P-256 is refused with TypeError', () => {
    const request = { method: 'POST' as const, url: 'https://x', body: {}, appId: 'a' }
    const { privateKey } = generateAuthorizationKeyPair()
    expect(() => signAuthorizationRequest(privateKey.slice('wallet-auth:'.length), request)).toThrow(
      TypeError,
    )
    expect(() => signAuthorizationRequest('wallet-auth:AAAA', request)).toThrow()
  })
})

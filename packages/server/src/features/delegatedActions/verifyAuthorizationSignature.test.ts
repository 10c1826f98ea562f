import { generateKeyPairSync, sign } from 'node:crypto'
import { type AuthorizationSignatureRequest, authorizationSignaturePayload } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { verifyAuthorizationSignature } from './verifyAuthorizationSignature'

function keyPair(namedCurve = 'P-256') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve })
  return { privateKey, publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') }
}
const request: AuthorizationSignatureRequest = {
  method: 'POST',
  url: 'https://foyer.example/api/v1/wallets/w1/rpc',
  body: { method: 'eth_sendTransaction', params: { transaction: { to: '0x01', value: '0x10' } } },
  appId: 'app-1',
  idempotencyKey: 'b3d1c7a0-0000-4000-8000-000000000001',
}

describe('verifyAuthorizationSignature', () => {
  const app = keyPair()
  const signature = sign('sha256', authorizationSignaturePayload(request), app.privateKey).toString('base64')

  test('default: the app key’s signature over the canonical payload verifies, body keys in any order', () => {
    expect(verifyAuthorizationSignature({ publicKey: app.publicKey, header: signature, request })).toBe(true)
    const reordered = {
      ...request,
      body: { params: { transaction: { value: '0x10', to: '0x01' } }, method: 'eth_sendTransaction' },
    }
    expect(
      verifyAuthorizationSignature({ publicKey: app.publicKey, header: signature, request: reordered }),
    ).toBe(true)
    // One of several comma-separated signatures suffices.
    const other = sign('sha256', authorizationSignaturePayload(request), keyPair().privateKey).toString(
      'base64',
    )
    expect(
      verifyAuthorizationSignature({ publicKey: app.publicKey, header: `${other}, ${signature}`, request }),
    ).toBe(true)
  })

  test('error: a body, URL, method, app or idempotency key changed after signing does not verify', () => {
    for (const changed of [
      { ...request, body: { ...(request.body as object), method: 'personal_sign' } },
      { ...request, url: 'https://foyer.example/api/v1/wallets/w2/rpc' },
      { ...request, method: 'PUT' as const },
      { ...request, appId: 'app-2' },
      { ...request, idempotencyKey: 'b3d1c7a0-0000-4000-8000-000000000002' },
      { ...request, idempotencyKey: undefined },
    ])
      expect(
        verifyAuthorizationSignature({ publicKey: app.publicKey, header: signature, request: changed }),
      ).toBe(false)
  })

  test('error: another key, another curve, or a malformed header, signature or key is false, never thrown', () => {
    expect(verifyAuthorizationSignature({ publicKey: keyPair().publicKey, header: signature, request })).toBe(
      false,
    )
    const secp = keyPair('secp256k1')
    const secpSignature = sign('sha256', authorizationSignaturePayload(request), secp.privateKey).toString(
      'base64',
    )
    expect(verifyAuthorizationSignature({ publicKey: secp.publicKey, header: secpSignature, request })).toBe(
      false,
    )
    for (const header of [undefined, '', 'not base64 !!', 'AAAA', `${signature.slice(0, -8)}AAAAAAA=`])
      expect(verifyAuthorizationSignature({ publicKey: app.publicKey, header, request })).toBe(false)
    expect(verifyAuthorizationSignature({ publicKey: 'bm90IGEga2V5', header: signature, request })).toBe(
      false,
    )
    expect(
      verifyAuthorizationSignature({
        publicKey: app.publicKey,
        header: signature,
        request: { ...request, body: 1n },
      }),
    ).toBe(false)
  })
})

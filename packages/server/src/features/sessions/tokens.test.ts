import { toUserDid } from '@foyer/protocol'
import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '../../test/createTestContext'
import { useTestContext } from '../../test/useTestContext'
import { type LoadedApp, loadApp } from '../apps/appRecords'
import { signAccessToken, verifyAccessToken } from './tokens'

const t = useTestContext()
let app: LoadedApp
const NOW = Date.UTC(2030, 0, 1)
const ISSUER = 'https://foyer.example'

beforeAll(async () => {
  const loaded = await loadApp(t.db, t.demoApp.id, t.masterKey)
  if (!loaded) throw new Error('no demo app')
  app = loaded
})

const sign = (nowMs = NOW) =>
  signAccessToken(app, { sessionId: 's1', userId: 'u1' }, { issuer: ISSUER, ttlSeconds: 3600, nowMs })

describe('verifyAccessToken, a second use of a verified token', () => {
  test('default: answers the same claims', async () => {
    const token = await sign()
    const first = await verifyAccessToken(app, token, { issuer: ISSUER, nowMs: NOW })
    expect(first).toEqual({ sessionId: 's1', subject: toUserDid('u1') })
    expect(await verifyAccessToken(app, token, { issuer: ISSUER, nowMs: NOW + 1000 })).toEqual(first)
  })

  test('error: past its expiry, for another issuer, or under a rotated key it is refused although verified before', async () => {
    const token = await sign()
    expect(await verifyAccessToken(app, token, { issuer: ISSUER, nowMs: NOW })).not.toBeNull()
    expect(await verifyAccessToken(app, token, { issuer: ISSUER, nowMs: NOW + 3600_000 })).toBeNull()
    expect(await verifyAccessToken(app, token, { issuer: 'https://other.example', nowMs: NOW })).toBeNull()
    // allowExpired (a refresh's own check) still takes it.
    expect(
      await verifyAccessToken(app, token, { issuer: ISSUER, nowMs: NOW + 3600_000, allowExpired: true }),
    ).not.toBeNull()
    const other = await createTestContext()
    try {
      const rotated = await loadApp(other.db, other.demoApp.id, other.masterKey)
      if (!rotated) throw new Error('no demo app')
      expect(
        await verifyAccessToken({ ...app, publicKey: rotated.publicKey }, token, {
          issuer: ISSUER,
          nowMs: NOW,
        }),
      ).toBeNull()
    } finally {
      await other.close()
    }
  })

  test('error: a token changed by one character is verified afresh and refused', async () => {
    const token = await sign(NOW + 5)
    expect(await verifyAccessToken(app, token, { issuer: ISSUER, nowMs: NOW })).not.toBeNull()
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`
    expect(await verifyAccessToken(app, tampered, { issuer: ISSUER, nowMs: NOW })).toBeNull()
  })
})

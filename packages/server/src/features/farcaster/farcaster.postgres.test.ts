// Farcaster's single-use channel on PostgreSQL, where `Promise.all` over `app.inject` really interleaves the
// statements (PGlite runs one at a time). Skipped without PostgreSQL (see features/concurrency.postgres.test.ts).
import { authResponseSchema } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import {
  type FarcasterStandIns,
  startFarcasterStandIns,
} from '../../testing/farcaster/startFarcasterStandIns'
import { createAppRecord } from '../apps/service'
import { farcaster as farcasterMethod } from './method'

const postgresUrl = testPostgresUrl()
const PARALLEL = 20
const ORIGIN = 'http://localhost:5173'

let t: TestContext
let anvil: Anvil
let farcaster: FarcasterStandIns
let appId: string

describe.skipIf(!postgresUrl)('Farcaster races on PostgreSQL (docs/security.md properties 38, 44)', () => {
  beforeAll(async () => {
    anvil = await startAnvil()
    farcaster = await startFarcasterStandIns({ rpcUrl: anvil.rpcUrl })
    t = await createTestContext({
      databaseUrl: postgresUrl,
      now: () => Date.now(),
      methods: [farcasterMethod(farcaster.options)],
    })
    appId = (
      await createAppRecord(t.db, {
        name: 'Farcaster races',
        allowedOrigins: [ORIGIN],
        settings: { farcaster_auth: true },
        masterKey: t.masterKey,
      })
    ).id
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await farcaster?.close()
    await anvil?.stop()
  })

  test('security property 38: one approved channel authenticated 20 times in parallel → exactly one 200, one user, one session', async () => {
    const account = await farcaster.createAccount()
    const init = await t.request({
      method: 'POST',
      url: '/api/v1/farcaster/init',
      appId,
      json: {},
      headers: { origin: ORIGIN },
    })
    expect(init.statusCode, init.body).toBe(200)
    const channel = init.json() as { channel_token: string; connect_uri: string }
    const signed = await farcaster.phone.approve(channel.connect_uri, account)
    const body = { channel_token: channel.channel_token, ...signed, fid: account.fid }
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.request({
          method: 'POST',
          url: '/api/v1/farcaster/authenticate',
          appId,
          json: body,
          headers: { origin: ORIGIN },
        }),
      ),
    )
    const winners = responses.filter((response) => response.statusCode === 200)
    expect(winners).toHaveLength(1)
    for (const loser of responses.filter((response) => response.statusCode !== 200)) {
      expect(loser.statusCode).toBe(401)
      expect(loser.json()).toMatchObject({ code: 'invalid_credentials' })
    }
    expect(authResponseSchema.parse(winners[0]?.json()).is_new_user).toBe(true)
  })
})

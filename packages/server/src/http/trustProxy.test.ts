import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../test/createTestContext'

const PROXY = '10.0.0.2'
const limit = { sessions: { max: 2, timeWindowMs: 60_000 } }
let behindProxy: TestContext
let direct: TestContext
let oneHop: TestContext

beforeAll(async () => {
  behindProxy = await createTestContext({ trustProxy: [PROXY], rateLimits: limit })
  direct = await createTestContext({
    db: behindProxy.db,
    masterKey: behindProxy.masterKey,
    rateLimits: limit,
  })
  oneHop = await createTestContext({
    db: behindProxy.db,
    masterKey: behindProxy.masterKey,
    rateLimits: limit,
    trustProxy: 1,
  })
})
afterAll(async () => {
  await oneHop?.app.close()
  await direct?.app.close()
  await behindProxy?.close()
})

/** Three logout calls through the proxy for `client`; their statuses. */
async function threeCalls(context: TestContext, client: string): Promise<number[]> {
  const statuses: number[] = []
  for (let index = 0; index < 3; index++) {
    const response = await context.request({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      json: {},
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': client },
    })
    statuses.push(response.statusCode)
  }
  return statuses
}

describe('trustProxy (FOYER_TRUST_PROXY; docs/operations.md)', () => {
  test('default: behind a trusted proxy each client has its own budget', async () => {
    expect(await threeCalls(behindProxy, '203.0.113.1')).toEqual([200, 200, 429])
    expect(await threeCalls(behindProxy, '203.0.113.2')).toEqual([200, 200, 429])
  })

  test('behavior: a hop count (FOYER_TRUST_PROXY=1) takes the client from the one proxy in front', async () => {
    expect(await threeCalls(oneHop, '203.0.113.5')).toEqual([200, 200, 429])
    expect(await threeCalls(oneHop, '203.0.113.6')).toEqual([200, 200, 429])
  })

  test('behavior: without it, every client behind the proxy shares the proxy address budget', async () => {
    expect(await threeCalls(direct, '203.0.113.3')).toEqual([200, 200, 429])
    expect(await threeCalls(direct, '203.0.113.4')).toEqual([429, 429, 429])
  })
})

import { describe, expect, test } from 'vitest'
import { createTestContext } from '../../test/createTestContext'
import { useTestContext } from '../../test/useTestContext'

const t = useTestContext({ metrics: true, rateLimits: { sessions: { max: 2, timeWindowMs: 60_000 } } })

/** The value of one sample line (`name{labels} value`) of the exposition, or undefined. */
async function sample(line: string): Promise<number | undefined> {
  const text = (await t.request({ method: 'GET', url: '/metrics' })).body
  const found = text.split('\n').find((entry) => entry.startsWith(`${line} `))
  return found === undefined ? undefined : Number(found.slice(line.length + 1))
}

describe('GET /metrics', () => {
  test('default: off unless the metrics option is on', async () => {
    const plain = await createTestContext({ db: t.db, masterKey: t.masterKey })
    expect((await plain.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
    await plain.app.close()
  })

  test('default: Prometheus text with requests by route and status, sign-ins by method, refreshes, 429s', async () => {
    const auth = await t.signIn()
    for (let index = 0; index < 3; index++)
      await t.request({
        method: 'POST',
        url: '/api/v1/sessions',
        json: { refresh_token: auth.refresh_token },
        bearer: auth.token ?? undefined,
        remoteAddress: '10.1.1.1',
      })
    await t.request({ method: 'GET', url: '/no/such/route' })

    const response = await t.request({ method: 'GET', url: '/metrics' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(await sample('foyer_sign_ins_total{method="passwordless"}')).toBe(1)
    expect(
      await sample(
        'foyer_http_requests_total{method="POST",route="/api/v1/passwordless/authenticate",status="200"}',
      ),
    ).toBe(1)
    // The second call replays the rotated token within the grace window (same successor); the third is over the limit.
    expect(await sample('foyer_refreshes_total{outcome="ok"}')).toBe(2)
    expect(await sample('foyer_refreshes_total{outcome="refused"}')).toBe(1)
    expect(await sample('foyer_rate_limit_refusals_total{route="/api/v1/sessions"}')).toBe(1)
    expect(await sample('foyer_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
    expect(response.body).toContain('foyer_http_request_duration_seconds_bucket{le="0.05",method="POST"')
    expect(response.body).toContain('foyer_nodejs_eventloop_lag_seconds')
  })
})

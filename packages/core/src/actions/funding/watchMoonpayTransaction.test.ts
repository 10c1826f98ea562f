import { afterEach, describe, expect, test, vi } from 'vitest'
import { watchMoonpayTransaction } from './watchMoonpayTransaction'

afterEach(() => {
  vi.useRealTimers()
})

/** A fetch answering the given (status code, body) pairs in turn, then the last one. */
function answers(...replies: Array<[number, unknown]>) {
  const calls: number[] = []
  const fetch = async () => {
    const [status, body] = replies[Math.min(calls.length, replies.length - 1)] as [number, unknown]
    calls.push(Date.now())
    return new Response(JSON.stringify(body), { status })
  }
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

const base = { apiUrl: 'https://api.moonpay.test', apiKey: 'pk_test_1', externalTransactionId: 'id' }

describe('watchMoonpayTransaction', () => {
  test('default: first read after 8 s, then every 3 s, until completed', async () => {
    vi.useFakeTimers({ now: 0 })
    const { fetch, calls } = answers(
      [404, {}],
      [200, [{ status: 'pending' }]],
      [200, [{ status: 'completed' }]],
    )
    const statuses: string[] = []
    watchMoonpayTransaction({ ...base, fetch }, { onStatus: (s) => statuses.push(s), onFailure: () => {} })
    await vi.advanceTimersByTimeAsync(7_999)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(30_000)
    expect(calls).toEqual([8_000, 11_000, 14_000])
    expect(statuses).toEqual(['pending', 'pending', 'completed'])
  })

  test('behavior: 404s are not errors', async () => {
    vi.useFakeTimers({ now: 0 })
    const { fetch, calls } = answers([404, {}])
    const failures: string[] = []
    const stop = watchMoonpayTransaction(
      { ...base, fetch },
      { onStatus: () => {}, onFailure: (r) => failures.push(r) },
    )
    await vi.advanceTimersByTimeAsync(8_000 + 3_000 * 5)
    expect(calls.length).toBe(6)
    expect(failures).toEqual([])
    stop()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls.length).toBe(6)
  })

  test('error: 3 non-404 errors in a row give up; fewer do not', async () => {
    vi.useFakeTimers({ now: 0 })
    const flaky = answers(
      [500, {}],
      [500, {}],
      [200, [{ status: 'pending' }]],
      [500, {}],
      [500, {}],
      [503, {}],
    )
    const failures: string[] = []
    watchMoonpayTransaction(
      { ...base, fetch: flaky.fetch },
      { onStatus: () => {}, onFailure: (r) => failures.push(r) },
    )
    await vi.advanceTimersByTimeAsync(8_000 + 3_000 * 10)
    expect(failures).toEqual(['unreachable'])
    expect(flaky.calls.length).toBe(6)
  })

  test("error: 'failed' and 'serviceFailure' end the watch", async () => {
    vi.useFakeTimers({ now: 0 })
    for (const status of ['failed', 'serviceFailure']) {
      const { fetch, calls } = answers([200, [{ status }]])
      const failures: string[] = []
      watchMoonpayTransaction({ ...base, fetch }, { onStatus: () => {}, onFailure: (r) => failures.push(r) })
      await vi.advanceTimersByTimeAsync(20_000)
      expect(failures).toEqual([status])
      expect(calls.length).toBe(1)
    }
  })
})

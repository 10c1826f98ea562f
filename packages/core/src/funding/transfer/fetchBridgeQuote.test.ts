import { describe, expect, test } from 'vitest'
import { BridgeError } from './BridgeError'
import { fetchBridgeQuote } from './fetchBridgeQuote'

const user = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const recipient = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const quote = {
  steps: [
    {
      id: 'deposit',
      kind: 'transaction',
      items: [
        { status: 'incomplete', data: { from: user, to: recipient, data: '0x', value: '1', chainId: 2 } },
      ],
    },
  ],
}

/** A fetch answering `status` with `body`, recording the requests it got. */
function fakeFetch(status: number, body: unknown) {
  const requests: { url: string; init: RequestInit | undefined }[] = []
  const fetch = (async (url: string, init?: RequestInit) => {
    requests.push({ url, init })
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, requests }
}

const parameters = {
  apiUrl: 'http://bridge.test/',
  originChainId: 2,
  destinationChainId: 1,
  amount: 10n ** 16n,
  user,
  recipient,
}

describe('fetchBridgeQuote', () => {
  test('default: POSTs Relay quote fields with EXACT_OUTPUT and the native coin', async () => {
    const { fetch, requests } = fakeFetch(200, quote)
    expect(await fetchBridgeQuote({ ...parameters, fetch })).toEqual(quote)
    expect(requests[0]?.url).toBe('http://bridge.test/quote')
    expect(requests[0]?.init?.method).toBe('POST')
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual({
      user,
      recipient,
      originChainId: 2,
      destinationChainId: 1,
      originCurrency: '0x0000000000000000000000000000000000000000',
      destinationCurrency: '0x0000000000000000000000000000000000000000',
      amount: '10000000000000000',
      tradeType: 'EXACT_OUTPUT',
    })
  })

  test("behavior: 'Invalid address…' is no quote", async () => {
    const { fetch } = fakeFetch(400, { message: 'Invalid address 0x12', errorCode: 'INVALID_ADDRESS' })
    expect(await fetchBridgeQuote({ ...parameters, fetch })).toBeNull()
  })

  test("error: another refusal carries the API's message", async () => {
    const { fetch } = fakeFetch(400, { message: 'Unsupported chain 2', errorCode: 'UNSUPPORTED_CHAIN' })
    const error = await fetchBridgeQuote({ ...parameters, fetch }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BridgeError)
    expect(error).toMatchObject({ code: 'bridge_quote_failed', shortMessage: 'Unsupported chain 2' })
  })

  test("error: a refusal without a message, a network failure or no steps: 'Error fetching quote from relay'", async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof globalThis.fetch
    for (const fetch of [fakeFetch(500, {}).fetch, fakeFetch(200, { steps: 'none' }).fetch, failing]) {
      const error = await fetchBridgeQuote({ ...parameters, fetch }).catch((caught: unknown) => caught)
      expect(error).toMatchObject({
        code: 'bridge_quote_failed',
        shortMessage: 'Error fetching quote from relay',
      })
    }
  })
})

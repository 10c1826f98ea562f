import { describe, expect, test } from 'vitest'
import { bridgeApiUrl } from './bridgeApiUrl'

describe('bridgeApiUrl', () => {
  test('default: the Relay API, its testnet host for testnets', () => {
    expect(bridgeApiUrl({ chainIds: [8453, 1] })).toBe('https://api.relay.link')
    expect(bridgeApiUrl({ chainIds: [84532, 11155111] })).toBe('https://api.testnets.relay.link')
  })

  test('behavior: configured URLs, and chains the host marks as testnets', () => {
    const urls = { apiUrl: 'http://127.0.0.1:8797/', testnetApiUrl: 'http://127.0.0.1:8798' }
    expect(bridgeApiUrl({ chainIds: [31338, 31337], ...urls })).toBe('http://127.0.0.1:8797')
    expect(bridgeApiUrl({ chainIds: [31338, 31337], testnetChainIds: [31338], ...urls })).toBe(
      'http://127.0.0.1:8798',
    )
  })
})

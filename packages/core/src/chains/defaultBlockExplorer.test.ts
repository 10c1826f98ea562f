import { describe, expect, test } from 'vitest'
import { blockExplorerOf } from './defaultBlockExplorer'

describe('blockExplorerOf', () => {
  test("default: a well-known chain's explorer", () => {
    expect(blockExplorerOf({ id: 1 })).toEqual({ name: 'Etherscan', url: 'https://etherscan.io' })
    expect(blockExplorerOf({ id: 8453 })).toEqual({ name: 'Basescan', url: 'https://basescan.org' })
  })

  test("behavior: the host's explorer wins", () => {
    const own = { name: 'Blockscout', url: 'https://eth.blockscout.com' }
    expect(blockExplorerOf({ id: 1, blockExplorer: own })).toBe(own)
  })

  test('behavior: a local or unknown chain has none', () => {
    expect(blockExplorerOf({ id: 31337 })).toBeUndefined()
    expect(blockExplorerOf({ id: 987_654_321 })).toBeUndefined()
  })
})

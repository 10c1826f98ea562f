import { describe, expect, test } from 'vitest'
import { visibleWallets } from './visibleWallets'

describe('visibleWallets', () => {
  test('default: up to 4 wallets all show, without More wallets', () => {
    expect(visibleWallets(['a', 'b', 'c', 'd'], false)).toEqual({
      wallets: ['a', 'b', 'c', 'd'],
      more: false,
    })
  })

  test('behavior: more than 4 show 3 and More wallets, all once expanded', () => {
    expect(visibleWallets(['a', 'b', 'c', 'd', 'e'], false)).toEqual({ wallets: ['a', 'b', 'c'], more: true })
    expect(visibleWallets(['a', 'b', 'c', 'd', 'e'], true).wallets).toHaveLength(5)
  })
})

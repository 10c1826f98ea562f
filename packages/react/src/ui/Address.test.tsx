import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { Address, shortAddress } from './Address'

afterEach(cleanup)

describe('Address', () => {
  test('default: an Ethereum or Solana address shows its first 6 and last 4 characters, the full value in its title', () => {
    render(<Address address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" />)
    const shown = screen.getByTitle('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(shown.textContent).toBe('0x7099…79C8')
    // One line: never wrapped mid-string.
    expect(shown.className).toContain('foyer-address')
    expect(shortAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe('7EcDhS…FLtV')
  })

  test('edge: a value of 12 characters or fewer is shown whole', () => {
    expect(shortAddress('0x1234567890')).toBe('0x1234567890')
  })
})

import { describe, expect, test } from 'vitest'
import {
  farcasterSignerInitRequestSchema,
  farcasterSignerSchema,
  farcasterSignerStatusSchema,
} from './farcasterSigner'
import { frameMessageSchemas } from './frame/frameMessageSchemas'

const key = `0x${'Ab'.repeat(32)}`

describe('farcaster signer schemas', () => {
  test('default: init request lower-cases the key; deadline is Unix seconds', () => {
    expect(farcasterSignerInitRequestSchema.parse({ ed25519_public_key: key })).toEqual({
      ed25519_public_key: key.toLowerCase(),
    })
    expect(
      farcasterSignerInitRequestSchema.safeParse({ ed25519_public_key: key, deadline: '1700000000' }).success,
    ).toBe(true)
  })

  test('error: malformed key or deadline', () => {
    expect(farcasterSignerInitRequestSchema.safeParse({ ed25519_public_key: '0x1234' }).success).toBe(false)
    expect(farcasterSignerInitRequestSchema.safeParse({ ed25519_public_key: key.slice(2) }).success).toBe(
      false,
    )
    expect(
      farcasterSignerInitRequestSchema.safeParse({ ed25519_public_key: key, deadline: 'tomorrow' }).success,
    ).toBe(false)
  })

  test('behavior: fid is a string in signer answers (docs/wire.md#farcaster); pending status has no URL', () => {
    expect(farcasterSignerSchema.safeParse({ status: 'approved', public_key: key, fid: '3' }).success).toBe(
      true,
    )
    expect(farcasterSignerSchema.safeParse({ status: 'approved', public_key: key, fid: 3 }).success).toBe(
      false,
    )
    expect(farcasterSignerSchema.safeParse({ status: 'pending_approval', public_key: key }).success).toBe(
      false,
    )
    expect(farcasterSignerStatusSchema.parse({ status: 'pending_approval', public_key: key })).toEqual({
      status: 'pending_approval',
      public_key: key,
    })
  })

  test('behavior: frame sign takes an even-length hex hash', () => {
    const { request } = frameMessageSchemas['privy:farcaster:sign']
    expect(request.safeParse({ accessToken: 't', payload: { hash: `0x${'00'.repeat(20)}` } }).success).toBe(
      true,
    )
    expect(request.safeParse({ accessToken: 't', payload: { hash: '0x0' } }).success).toBe(false)
    expect(request.safeParse({ accessToken: 't', payload: { hash: '0x' } }).success).toBe(false)
  })
})

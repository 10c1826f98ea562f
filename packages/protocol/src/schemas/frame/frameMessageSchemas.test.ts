import { describe, expect, test } from 'vitest'
import { frameReplySchema, frameRequestSchema } from './frameEnvelope'
import { frameEvents } from './frameEvent'
import { frameMessageSchemas } from './frameMessageSchemas'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('frame message schemas', () => {
  test('default: every event has a request and a reply schema', () => {
    expect(Object.keys(frameMessageSchemas).sort()).toEqual([...frameEvents].sort())
  })

  test('default: envelopes', () => {
    expect(frameRequestSchema.safeParse({ id: '1', event: 'privy:wallets:rpc', data: {} }).success).toBe(true)
    expect(frameRequestSchema.safeParse({ id: '', event: 'privy:wallets:rpc', data: {} }).success).toBe(false)
    expect(frameRequestSchema.safeParse({ id: '1', event: 'wallets:rpc', data: {} }).success).toBe(false)
    expect(
      frameReplySchema.safeParse({
        id: '1',
        event: 'privy:wallets:rpc',
        error: { type: 'wallet_not_on_device', message: 'x' },
      }).success,
    ).toBe(true)
    expect(
      frameReplySchema.safeParse({
        id: '1',
        event: 'privy:wallets:rpc',
        error: { type: 'oops', message: 'x' },
      }).success,
    ).toBe(false)
  })

  test('behavior: create — the recovery method follows the password', () => {
    const { request } = frameMessageSchemas['privy:wallets:create']
    expect(request.safeParse({ accessToken: 't' }).success).toBe(true)
    expect(request.safeParse({ accessToken: 't', recoveryPassword: 'secret-pw' }).success).toBe(true)
    expect(request.safeParse({ accessToken: 't', recoveryMethod: 'user-passcode' }).success).toBe(false)
    expect(
      request.safeParse({ accessToken: 't', recoveryMethod: 'privy', recoveryPassword: 'secret-pw' }).success,
    ).toBe(false)
    expect(request.safeParse({ accessToken: 't', recoveryPassword: 'short' }).success).toBe(false)
    expect(request.safeParse({ recoveryMethod: 'privy' }).success).toBe(false)
  })

  test('behavior: rpc is discriminated by chain type; add needs index ≥ 1', () => {
    const rpc = frameMessageSchemas['privy:wallets:rpc'].request
    const base = {
      accessToken: 't',
      entropyId: address,
      walletIndex: 0,
      request: { method: 'eth_chainId', params: [] },
    }
    expect(
      rpc.safeParse({
        ...base,
        chainType: 'ethereum',
        chainId: 31337,
        chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }],
      }).success,
    ).toBe(true)
    expect(
      rpc.safeParse({ ...base, chainType: 'ethereum', chains: [{ id: 1, rpcUrl: 'javascript:alert(1)' }] })
        .success,
    ).toBe(false)
    expect(rpc.safeParse({ ...base, chainType: 'bitcoin' }).success).toBe(false)
    expect(rpc.safeParse({ ...base, chainType: 'ethereum', walletIndex: -1 }).success).toBe(false)
    const add = frameMessageSchemas['privy:wallets:add'].request
    expect(add.safeParse({ accessToken: 't', chainType: 'ethereum', entropyId: address }).success).toBe(true)
    expect(
      add.safeParse({ accessToken: 't', chainType: 'ethereum', entropyId: address, walletIndex: 0 }).success,
    ).toBe(false)
  })

  test('behavior: rpc reads the reference client’s hdWalletIndex as walletIndex; one index is required', () => {
    const rpc = frameMessageSchemas['privy:wallets:rpc'].request
    const base = {
      accessToken: 't',
      chainType: 'ethereum',
      entropyId: address,
      request: { method: 'personal_sign', params: ['0x00', address] },
    }
    const reference = rpc.parse({ ...base, hdWalletIndex: 2, entropyIdVerifier: 'ethereum-address-verifier' })
    expect(reference).toMatchObject({ walletIndex: 2 })
    expect(reference).not.toHaveProperty('hdWalletIndex')
    expect(rpc.parse({ ...base, walletIndex: 1, hdWalletIndex: 1 })).toMatchObject({ walletIndex: 1 })
    const differ = rpc.safeParse({ ...base, walletIndex: 0, hdWalletIndex: 1 })
    expect(differ.error?.issues[0]?.path).toEqual(['walletIndex'])
    const neither = rpc.safeParse(base)
    expect(neither.error?.issues[0]).toMatchObject({
      path: ['walletIndex'],
      message: 'A wallet index is required',
    })
    expect(rpc.safeParse({ ...base, chainType: 'solana', hdWalletIndex: -1 }).success).toBe(false)
  })

  test('behavior: the rpc reply carries the reference client’s response: { method, data }', () => {
    const reply = frameMessageSchemas['privy:wallets:rpc'].reply
    const signature = '0x1234'
    expect(
      reply.safeParse({
        method: 'personal_sign',
        result: signature,
        address,
        chainType: 'ethereum',
        response: { method: 'personal_sign', data: signature },
      }).success,
    ).toBe(true)
    expect(reply.safeParse({ method: 'personal_sign', result: signature }).success).toBe(false)
  })
})

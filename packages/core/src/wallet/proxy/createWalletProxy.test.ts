import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeWindow, type FrameBehavior } from '../../../test/createFakeWindow'
import { WalletProxyError } from '../errors/WalletProxyError'
import { createWalletProxy } from './createWalletProxy'

const frameOrigin = 'http://api.test'
const frameUrl = `${frameOrigin}/apps/foyerdemoapp0000000000000/embedded-wallets?caid=a&client_id=b`
const wallet = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainType: 'ethereum',
  walletIndex: 0,
  entropyId: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  entropyIdVerifier: 'ethereum-address-verifier',
  recoveryMethod: 'privy',
  imported: false,
}

/** A frame that answers the ready ping and `privy:wallet:create` like the real one. */
const honest: FrameBehavior = ({ id, event }) =>
  event === 'privy:iframe:ready' ? { id, event, data: {} } : { id, event, data: wallet }

afterEach(() => {
  vi.useRealTimers()
})

describe('createWalletProxy', () => {
  test('default: mounts a hidden frame, handshakes, and answers a request', async () => {
    const fake = createFakeWindow({ frameOrigin, behavior: honest })
    const proxy = createWalletProxy({ frameUrl, window: fake.window })
    expect(fake.mounted).toHaveLength(1)
    const iframe = fake.mounted[0]!
    expect(iframe.src).toBe(frameUrl)
    expect(iframe.style.cssText).toContain('width:0;height:0')
    expect(iframe.attributes['aria-hidden']).toBe('true')
    expect(iframe.allow).toContain('publickey-credentials-get *')

    const created = await proxy.request('privy:wallet:create', {
      accessToken: 'token',
      chainType: 'ethereum',
    })
    expect(created).toEqual(wallet)
    const events = fake.posted.map(({ message }) => message.event)
    expect(events[0]).toBe('privy:iframe:ready')
    expect(events.at(-1)).toBe('privy:wallet:create')
    // Every post names the frame's origin; ids are unique per request.
    for (const { targetOrigin } of fake.posted) expect(targetOrigin).toBe(frameOrigin)
    const [ready, create] = [fake.posted[0]!.message.id, fake.posted.at(-1)!.message.id]
    expect(ready).not.toBe(create)
  })

  test('behavior: a mount function from the host places the frame', async () => {
    const fake = createFakeWindow({ frameOrigin, behavior: honest })
    const mount = vi.fn()
    createWalletProxy({ frameUrl, window: fake.window, mount })
    expect(mount).toHaveBeenCalledTimes(1)
    expect(fake.mounted).toHaveLength(0)
  })

  test('behavior: the ready ping repeats until the frame answers', async () => {
    let answer = false
    const fake = createFakeWindow({
      frameOrigin,
      behavior: ({ id, event }) => (answer ? { id, event, data: {} } : undefined),
    })
    const proxy = createWalletProxy({ frameUrl, window: fake.window, readyIntervalMs: 5 })
    const ready = proxy.ready()
    await new Promise((resolve) => setTimeout(resolve, 30))
    answer = true
    await ready
    expect(
      fake.posted.filter(({ message }) => message.event === 'privy:iframe:ready').length,
    ).toBeGreaterThan(2)
  })

  test('behavior: each caller waits its own time for one shared handshake; the pings stop when all gave up', async () => {
    vi.useFakeTimers()
    let answer = false
    const fake = createFakeWindow({
      frameOrigin,
      behavior: ({ id, event }) => (answer ? { id, event, data: {} } : undefined),
    })
    const proxy = createWalletProxy({ frameUrl, window: fake.window, readyIntervalMs: 100 })
    const short = proxy.ready()
    const long = proxy.ready({ timeoutMs: 30_000 })
    short.catch(() => {})
    long.catch(() => {})
    await vi.advanceTimersByTimeAsync(15_000)
    await expect(short).rejects.toMatchObject({ code: 'wallet_proxy_timeout', event: 'privy:iframe:ready' })
    // One handshake: every ping carries the same id, and they go on for the caller still waiting.
    const pings = () => fake.posted.filter(({ message }) => message.event === 'privy:iframe:ready')
    expect(new Set(pings().map(({ message }) => message.id)).size).toBe(1)
    const before = pings().length
    answer = true
    await vi.advanceTimersByTimeAsync(100)
    await expect(long).resolves.toBeUndefined()
    expect(pings().length).toBeGreaterThan(before)
    await expect(proxy.ready()).resolves.toBeUndefined()

    // A second proxy whose frame never answers: after the last caller's time no more pings are sent, and a
    // later call starts a new handshake.
    answer = false
    const silent = createFakeWindow({ frameOrigin, behavior: () => undefined })
    const lone = createWalletProxy({ frameUrl, window: silent.window, readyIntervalMs: 100 })
    const first = lone.ready({ timeoutMs: 1_000 })
    first.catch(() => {})
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(first).rejects.toMatchObject({ code: 'wallet_proxy_timeout' })
    const sent = silent.posted.length
    await vi.advanceTimersByTimeAsync(1_000)
    expect(silent.posted.length).toBe(sent)
    const again = lone.ready({ timeoutMs: 500 })
    again.catch(() => {})
    await vi.advanceTimersByTimeAsync(500)
    await expect(again).rejects.toMatchObject({ code: 'wallet_proxy_timeout' })
    expect(silent.posted.length).toBeGreaterThan(sent)
    lone.destroy()
    proxy.destroy()
  })

  test('error: a frame error reply rejects with its type and code', async () => {
    const fake = createFakeWindow({
      frameOrigin,
      behavior: ({ id, event }) =>
        event === 'privy:iframe:ready'
          ? { id, event, data: {} }
          : { id, event, error: { type: 'wallet_not_on_device', message: 'No device share', code: 4900 } },
    })
    const proxy = createWalletProxy({ frameUrl, window: fake.window })
    const failure = proxy.request('privy:wallets:connect', {
      accessToken: 'token',
      chainType: 'ethereum',
      entropyId: wallet.address,
    })
    await expect(failure).rejects.toBeInstanceOf(WalletProxyError)
    await expect(failure).rejects.toMatchObject({
      code: 'wallet_not_on_device',
      rpcCode: 4900,
      shortMessage: 'No device share',
    })
  })

  test('error: messages from another origin or another window are ignored', async () => {
    vi.useFakeTimers()
    let lastId = ''
    const fake = createFakeWindow({
      frameOrigin,
      behavior: ({ id, event }) => {
        lastId = id
        return event === 'privy:iframe:ready' ? { id, event, data: {} } : undefined
      },
    })
    const proxy = createWalletProxy({ frameUrl, window: fake.window, timeoutMs: 1000 })
    await vi.advanceTimersByTimeAsync(1)
    const pending = proxy.request('privy:wallet:create', { accessToken: 'token', chainType: 'ethereum' })
    pending.catch(() => {})
    await vi.advanceTimersByTimeAsync(1)
    const forged = { id: lastId, event: 'privy:wallet:create', data: wallet }
    fake.dispatch({ origin: 'http://evil.test', source: fake.mounted[0]!.contentWindow, data: forged })
    fake.dispatch({ origin: frameOrigin, source: {}, data: forged })
    await vi.advanceTimersByTimeAsync(1000)
    await expect(pending).rejects.toMatchObject({ code: 'wallet_proxy_timeout' })
  })

  test('error: an invalid reply rejects; an invalid request is never sent', async () => {
    const fake = createFakeWindow({
      frameOrigin,
      behavior: ({ id, event }) =>
        event === 'privy:iframe:ready' ? { id, event, data: {} } : { id, event, data: { address: 42 } },
    })
    const proxy = createWalletProxy({ frameUrl, window: fake.window })
    await expect(
      proxy.request('privy:wallet:create', { accessToken: 'token', chainType: 'ethereum' }),
    ).rejects.toMatchObject({ code: 'wallet_proxy_invalid_reply' })
    const before = fake.posted.length
    await expect(
      proxy.request('privy:wallet:create', { accessToken: '', chainType: 'ethereum' } as never),
    ).rejects.toMatchObject({ code: 'invalid_request_arguments' })
    expect(fake.posted.length).toBe(before)
  })

  test('behavior: destroy rejects pending requests, removes the listener and the frame', async () => {
    const fake = createFakeWindow({
      frameOrigin,
      behavior: ({ id, event }) => (event === 'privy:iframe:ready' ? { id, event, data: {} } : undefined),
    })
    const proxy = createWalletProxy({ frameUrl, window: fake.window })
    await proxy.ready()
    const pending = proxy.request('privy:wallet:create', { accessToken: 'token', chainType: 'ethereum' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    proxy.destroy()
    await expect(pending).rejects.toMatchObject({ code: 'wallet_proxy_destroyed' })
    expect(fake.listeners.size).toBe(0)
    expect(fake.mounted).toHaveLength(0)
  })

  test('error: without a document the proxy cannot be created', () => {
    expect(() => createWalletProxy({ frameUrl, window: {} as Window })).toThrow(WalletProxyError)
  })
})

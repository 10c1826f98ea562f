import { authResponseSchema, type FrameReply, userSchema } from '@foyer/protocol'
import { createMemoryDeviceKeyStore, createMemoryShareStore, type ExportedKey } from '@foyer/wallet-frame'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { createTestDevice } from '../../test/createTestDevice'
import { injectFetch } from '../../test/injectFetch'
import { testFrameHandler } from '../../test/testFrameApi'
import { useTestContext } from '../../test/useTestContext'

// docs/security.md property 54: a guest cannot export its wallet key (nor pass MFA-gated actions) until it
// upgrades; the export page's auth share comes from `POST /api/v1/embedded_wallets/export`, which the
// server refuses to guests.
const t = useTestContext()
let nextId = 0

function frames() {
  const deviceShares = createMemoryShareStore()
  const deviceKeys = createMemoryDeviceKeyStore()
  const shown: ExportedKey[] = []
  const wallet = testFrameHandler(t, { deviceKeys, deviceShares })
  const exporter = testFrameHandler(t, {
    mode: 'export',
    deviceKeys,
    deviceShares,
    showExport: (key) => shown.push(key),
  })
  const send = async (target: typeof wallet, event: string, data: unknown): Promise<FrameReply> =>
    target.handle({ id: `g${++nextId}`, event, data })
  return {
    shown,
    /** Proof headers by this frame's device key, for direct calls. */
    headers: (path: string, token: string) => createTestDevice(t, { keys: deviceKeys }).headers(path, token),
    wallet: (event: string, data: unknown) => send(wallet, event, data),
    exporter: (event: string, data: unknown) => send(exporter, event, data),
  }
}

describe('security property 54 guests cannot export', () => {
  test('error: a guest’s export is refused by the server (403); after linking an email it works', async () => {
    const guest = await t.signInAsGuest()
    expect(guest.user.is_guest).toBe(true)
    const device = frames()
    const created = await device.wallet('privy:wallets:create', { accessToken: guest.token })
    if ('error' in created) throw new Error(created.error.message)
    const address = (created.data as { address: string }).address
    const exportRequest = (accessToken: string) => ({
      accessToken,
      chainType: 'ethereum',
      entropyId: address,
      walletIndex: 0,
    })

    // The export page: refused, and no key shown.
    const refused = await device.exporter('privy:wallets:export', exportRequest(guest.token as string))
    expect(refused).toMatchObject({
      error: {
        type: 'missing_or_invalid_mfa',
        message:
          'Exporting a wallet is not available to guest accounts. Link an email, phone or wallet first.',
      },
    })
    expect(device.shown).toEqual([])

    // The endpoint itself, called directly from the frame origin.
    const direct = await injectFetch(t.app)('/api/v1/embedded_wallets/export', {
      method: 'POST',
      headers: {
        'privy-app-id': t.demoApp.id,
        authorization: `Bearer ${guest.token}`,
        'content-type': 'application/json',
        ...(await device.headers('/api/v1/embedded_wallets/export', guest.token as string)),
      },
      body: JSON.stringify({ chain_type: 'ethereum', entropy_id: address }),
    })
    expect(direct.status).toBe(403)
    expect(await direct.json()).toEqual({
      error: 'Exporting a wallet is not available to guest accounts. Link an email, phone or wallet first.',
      code: 'missing_or_invalid_mfa',
    })

    // Upgrade: link an email (the session stays), then export works.
    const email = `guest-export${++nextId}@example.com`
    const init = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      json: { email },
      bearer: guest.token as string,
    })
    expect(init.statusCode).toBe(200)
    const [message] = await t.mailbox(email)
    const linked = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/link',
      json: { email, code: message?.code },
      bearer: guest.token as string,
    })
    expect(linked.statusCode).toBe(200)
    expect(userSchema.parse(linked.json()).is_guest).toBe(false)
    const exported = await device.exporter('privy:wallets:export', exportRequest(guest.token as string))
    expect(exported).toMatchObject({ data: { address } })
    expect(device.shown).toHaveLength(1)
    expect(privateKeyToAccount(device.shown[0]?.privateKey as `0x${string}`).address).toBe(address)
  })

  test('behavior: a full user’s export page gets its auth share from the export endpoint', async () => {
    const email = `full-export${++nextId}@example.com`
    const code = await t.sendCode(email)
    const auth = authResponseSchema.parse(
      (
        await t.request({ method: 'POST', url: '/api/v1/passwordless/authenticate', json: { email, code } })
      ).json(),
    )
    const device = frames()
    const created = await device.wallet('privy:wallets:create', { accessToken: auth.token })
    if ('error' in created) throw new Error(created.error.message)
    const address = (created.data as { address: string }).address
    const direct = await injectFetch(t.app)('/api/v1/embedded_wallets/export', {
      method: 'POST',
      headers: {
        'privy-app-id': t.demoApp.id,
        authorization: `Bearer ${auth.token}`,
        'content-type': 'application/json',
        ...(await device.headers('/api/v1/embedded_wallets/export', auth.token as string)),
      },
      body: JSON.stringify({ chain_type: 'ethereum', entropy_id: address }),
    })
    expect(direct.status).toBe(200)
    expect(direct.headers.get('cache-control')).toBe('no-store')
    // Without the frame origin it is refused like the other share endpoints.
    const fromHost = await t.request({
      method: 'POST',
      url: '/api/v1/embedded_wallets/export',
      json: { chain_type: 'ethereum', entropy_id: address },
      bearer: auth.token as string,
      headers: { origin: 'http://localhost:5173' },
    })
    expect(fromHost.statusCode).toBe(403)
  })
})

import {
  authResponseSchema,
  DEVICE_PROOF_HEADER,
  type FrameReply,
  walletDevicesResponseSchema,
} from '@foyer/protocol'
import {
  createDeviceProver,
  createMemoryDeviceKeyStore,
  decryptRecoveryShare,
  fromBase64,
  rebuildEntropy,
} from '@foyer/wallet-frame'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, test } from 'vitest'
import { createTestDevice } from '../../test/createTestDevice'
import { TEST_FRAME_ORIGIN, testFrameHandler } from '../../test/testFrameApi'
import { useTestContext } from '../../test/useTestContext'
import { TOTP_PARAMETERS } from '../mfa/totp'

// What a stolen token can do to a wallet (docs/security.md): the release calls need a proof by a device key
// that only the wallet frame holds, and a new key needs a fresh primary sign-in.
const t = useTestContext()
let counter = 0

/** The calls that release or change something toward a wallet key. */
const releaseCalls = [
  '/api/v1/embedded_wallets/auth_share',
  '/api/v1/embedded_wallets/recovery_material',
  '/api/v1/embedded_wallets/export',
] as const
/** An attacker outside the browser sends whatever `Origin` and `Host` it likes. */
const forged = {
  origin: TEST_FRAME_ORIGIN,
  host: new URL(TEST_FRAME_ORIGIN).host,
  'sec-fetch-site': 'same-origin',
}

function frame(deviceKeys = createMemoryDeviceKeyStore()) {
  let id = 0
  const handler = testFrameHandler(t, { deviceKeys })
  return {
    deviceKeys,
    async send(event: string, data: unknown): Promise<Record<string, unknown>> {
      const reply: FrameReply = await handler.handle({ id: `d${++id}`, event, data })
      if ('error' in reply) throw new Error(`${reply.error.type}: ${reply.error.message}`)
      return reply.data as Record<string, unknown>
    },
    handle: (event: string, data: unknown) => handler.handle({ id: `d${++id}`, event, data }),
  }
}

/** A user with an automatic-recovery Ethereum wallet made by its own frame. */
async function victim(email = `victim${++counter}@example.com`) {
  const auth = await t.signIn(email)
  const laptop = frame()
  const wallet = await laptop.send('privy:wallets:create', { accessToken: auth.token })
  return { email, auth, laptop, address: wallet.address as string }
}

function post(url: string, bearer: string, json: unknown, headers: Record<string, string> = forged) {
  return t.request({ method: 'POST', url, bearer, json, headers })
}

/** Tries every release call with `token` and forged browser headers; returns what was released. */
async function tryToRelease(token: string, address: string) {
  const ref = { chain_type: 'ethereum', entropy_id: address }
  const released: Record<string, unknown> = {}
  for (const url of releaseCalls) {
    const response = await post(url, token, ref)
    if (response.statusCode === 200) released[url] = response.json()
    else expect([401, 403]).toContain(response.statusCode)
  }
  return released
}

/** Tries to rebuild the wallet's key from what the server released, with the frame's own modules. */
async function rebuildFrom(released: Record<string, unknown>, address: string): Promise<boolean> {
  const auth = released['/api/v1/embedded_wallets/auth_share'] ?? released['/api/v1/embedded_wallets/export']
  const material = released['/api/v1/embedded_wallets/recovery_material']
  if (!auth || !material) return false
  try {
    const recoveryShare = await decryptRecoveryShare({
      material: material as never,
      chainType: 'ethereum',
      entropyId: address,
      password: undefined,
    })
    await rebuildEntropy({
      shares: [fromBase64((auth as { auth_share: string }).auth_share), recoveryShare],
      chainType: 'ethereum',
      entropyId: address,
    })
    return true
  } catch {
    return false
  }
}

describe('a stolen token is not a stolen wallet', () => {
  test('error: an access token alone, from outside the browser with a forged Origin, releases nothing', async () => {
    const { auth, address } = await victim()
    const released = await tryToRelease(auth.token!, address)
    expect(released).toEqual({})
    expect(await rebuildFrom(released, address)).toBe(false)
    const refused = await post('/api/v1/embedded_wallets/auth_share', auth.token!, {
      chain_type: 'ethereum',
      entropy_id: address,
    })
    expect(refused.json()).toEqual({
      error: 'Invalid device proof: missing DPoP header',
      code: 'invalid_device_proof',
    })
    // Nor the Farcaster signer approval, nor a change of recovery.
    const signer = await post('/api/v1/farcaster/signer/init', auth.token!, {
      ed25519_public_key: `0x${'11'.repeat(32)}`,
    })
    expect(signer.statusCode).toBe(401)
  })

  test('error: an attacker key cannot be registered with a stolen access, refreshed or forked session', async () => {
    const { auth, address } = await victim()
    t.advance(11 * 60_000) // the sign-in is no longer fresh
    const attacker = createTestDevice(t)
    const registered = await attacker.register(auth.token!)
    expect(registered.statusCode).toBe(403)
    expect(registered.json()).toEqual({
      error: 'Sign in again to use your wallet on this device.',
      code: 'reauthentication_required',
    })
    // The refresh token gives a new access token of the same session: still not a sign-in.
    const refreshed = authResponseSchema.parse(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/sessions',
          bearer: auth.token!,
          json: { refresh_token: auth.refresh_token },
        })
      ).json(),
    )
    expect((await attacker.register(refreshed.token!)).json().code).toBe('reauthentication_required')
    // A forked session is brand new, but no sign-in either.
    const fork = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/fork',
      bearer: refreshed.token!,
      json: { refresh_token: refreshed.refresh_token },
    })
    expect(fork.statusCode, fork.body).toBe(200)
    const forked = authResponseSchema.parse(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/sessions/fork/recover',
          json: { refresh_token: fork.json().new_session_refresh_token },
        })
      ).json(),
    )
    const forkedAttacker = createTestDevice(t)
    expect((await forkedAttacker.register(forked.token!)).json().code).toBe('reauthentication_required')
    // With proofs by the unregistered keys, every token still gets nothing.
    for (const [device, token] of [
      [attacker, auth.token!],
      [attacker, refreshed.token!],
      [forkedAttacker, forked.token!],
    ] as const) {
      const released: Record<string, unknown> = {}
      for (const url of releaseCalls) {
        const response = await post(
          url,
          token,
          { chain_type: 'ethereum', entropy_id: address },
          await device.headers(url, token),
        )
        expect(response.statusCode).toBe(403)
        expect(response.json().code).toBe('device_not_registered')
        if (response.statusCode === 200) released[url] = response.json()
      }
      expect(await rebuildFrom(released, address)).toBe(false)
    }
  })

  test('error: a session registers one key; a second key needs a new sign-in', async () => {
    const auth = await t.signIn(`one-key${++counter}@example.com`)
    const first = createTestDevice(t)
    expect((await first.register(auth.token!)).statusCode).toBe(200)
    // The same key again is fine (two tabs of one browser)...
    expect((await first.register(auth.token!)).statusCode).toBe(200)
    // ...another key is not (a thief racing the user's own frame gets one chance at most, and then the
    // user's frame is refused and signs in again: the email below tells the user either way).
    const second = await createTestDevice(t).register(auth.token!)
    expect(second.json().code).toBe('reauthentication_required')
  })
})

describe('device proofs', () => {
  async function setUp() {
    const email = `proof${++counter}@example.com`
    const auth = await t.signIn(email)
    const keys = createMemoryDeviceKeyStore()
    const laptop = frame(keys)
    const wallet = await laptop.send('privy:wallets:create', { accessToken: auth.token })
    const prover = createDeviceProver({ keys, now: t.now })
    const nonce = async (token = auth.token!) =>
      (await post('/api/v1/embedded_wallets/devices/nonce', token, undefined, {})).json().nonce as string
    const ref = { chain_type: 'ethereum', entropy_id: wallet.address }
    const call = (url: string, proof: string, token = auth.token!) =>
      post(url, token, ref, { ...forged, [DEVICE_PROOF_HEADER]: proof })
    return { auth, email, prover, nonce, call, ref }
  }
  const authShare = '/api/v1/embedded_wallets/auth_share'

  test('default: a proof made for the request releases the share once; its replay is refused', async () => {
    const { auth, prover, nonce, call } = await setUp()
    const proof = await prover.sign({
      method: 'POST',
      url: `${TEST_FRAME_ORIGIN}${authShare}`,
      accessToken: auth.token!,
      nonce: await nonce(),
    })
    expect((await call(authShare, proof)).statusCode).toBe(200)
    const replay = await call(authShare, proof)
    expect(replay.json()).toEqual({
      error: 'Invalid device proof: unknown, expired or used nonce',
      code: 'invalid_device_proof',
    })
  })

  test('error: a proof is refused for another URL, another method, another token, and after its window', async () => {
    const { auth, email, prover, nonce, call } = await setUp()
    const make = async (overrides: { method?: string; url?: string; accessToken?: string } = {}) =>
      prover.sign({
        method: overrides.method ?? 'POST',
        url: overrides.url ?? `${TEST_FRAME_ORIGIN}${authShare}`,
        accessToken: overrides.accessToken ?? auth.token!,
        nonce: await nonce(),
      })
    const retargeted = await call('/api/v1/embedded_wallets/recovery_material', await make())
    expect(retargeted.json().error).toBe('Invalid device proof: htu does not match the request')
    const otherHost = await call(authShare, await make({ url: `http://evil.example${authShare}` }))
    expect(otherHost.json().error).toBe('Invalid device proof: htu does not match the request')
    const otherMethod = await call(authShare, await make({ method: 'GET' }))
    expect(otherMethod.json().error).toBe('Invalid device proof: htm does not match the request')
    t.advance(31_000)
    const other = await t.signIn(email)
    const otherToken = await call(authShare, await make({ accessToken: other.token! }))
    expect(otherToken.json().error).toBe('Invalid device proof: ath does not match the access token')
    const stale = await make()
    t.advance(61_000)
    expect((await call(authShare, stale)).json().error).toBe(
      'Invalid device proof: iat outside the time window',
    )
    // A nonce issued to another session is not this session's.
    const foreignNonce = await prover.sign({
      method: 'POST',
      url: `${TEST_FRAME_ORIGIN}${authShare}`,
      accessToken: auth.token!,
      nonce: await nonce(other.token!),
    })
    expect((await call(authShare, foreignNonce)).json().error).toBe(
      'Invalid device proof: unknown, expired or used nonce',
    )
    // A nonce expires after 120 s.
    const nonceLater = await nonce()
    t.advance(121_000)
    const expired = await prover.sign({
      method: 'POST',
      url: `${TEST_FRAME_ORIGIN}${authShare}`,
      accessToken: auth.token!,
      nonce: nonceLater,
    })
    expect((await call(authShare, expired)).json().error).toBe(
      'Invalid device proof: unknown, expired or used nonce',
    )
    // Garbage and a proof signed by another key than its header names are refused.
    expect((await call(authShare, 'a.b.c')).json().code).toBe('invalid_device_proof')
    const [header, payload] = (await make()).split('.')
    const [, , otherSignature] = (
      await createDeviceProver({ keys: createMemoryDeviceKeyStore(), now: t.now }).sign({
        method: 'POST',
        url: `${TEST_FRAME_ORIGIN}${authShare}`,
        accessToken: auth.token!,
        nonce: await nonce(),
      })
    ).split('.')
    expect((await call(authShare, `${header}.${payload}.${otherSignature}`)).json().error).toBe(
      'Invalid device proof: bad signature',
    )
  })
})

describe('new devices', () => {
  test('default: a new browser recovers automatically after a fresh sign-in; the user is emailed; revoking it stops it', async () => {
    const { email, auth, laptop, address } = await victim()
    t.advance(31_000)
    const phoneAuth = await t.signIn(email)
    const phone = frame()
    expect(
      await phone.send('privy:wallets:connect', {
        accessToken: phoneAuth.token,
        chainType: 'ethereum',
        entropyId: address,
      }),
    ).toMatchObject({ entropyId: address, recoveryMethod: 'privy' })
    const mail = await t.mailbox(email)
    expect(
      mail.filter((message) => message.subject === 'A new device can use your Foyer Demo wallet'),
    ).toHaveLength(2)

    const list = walletDevicesResponseSchema.parse(
      (
        await t.request({ method: 'GET', url: '/api/v1/embedded_wallets/devices', bearer: auth.token! })
      ).json(),
    )
    expect(list.devices).toHaveLength(2)
    const phoneDevice = list.devices.find((device) => !device.current)!
    expect(list.devices.find((device) => device.current)).toBeDefined()
    const revoked = await t.request({
      method: 'POST',
      url: '/api/v1/embedded_wallets/devices/revoke',
      bearer: auth.token!,
      json: { device_id: phoneDevice.id },
    })
    expect(revoked.statusCode, revoked.body).toBe(200)
    // The phone's session is over, and its key is refused for good, even with a new sign-in.
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: phoneAuth.token! })).statusCode,
    ).toBe(401)
    const revokedKey = await phone.deviceKeys.get()
    t.advance(31_000)
    const again = await t.signIn(email)
    const reloaded = frame(phone.deviceKeys)
    const refused = await reloaded.handle('privy:wallets:connect', {
      accessToken: again.token,
      chainType: 'ethereum',
      entropyId: address,
    })
    // The revoked key was forgotten and a new one registered for the new sign-in: the wallet works again,
    // with a key the user was emailed about.
    expect(refused).toMatchObject({ data: { entropyId: address } })
    expect(await phone.deviceKeys.get()).not.toBe(revokedKey)
    expect(
      (await t.mailbox(email)).filter((message) => message.subject.startsWith('A new device')),
    ).toHaveLength(3)
    // The laptop keeps working.
    expect(
      await laptop.send('privy:wallets:connect', {
        accessToken: auth.token,
        chainType: 'ethereum',
        entropyId: address,
      }),
    ).toMatchObject({ entropyId: address })
  })

  test('error: an MFA user registers a device, replaces recovery, creates or adds a wallet only after verifying', async () => {
    const email = `mfa-device${++counter}@example.com`
    const auth = await t.signIn(email)
    const laptop = frame()
    const wallet = await laptop.send('privy:wallets:create', { accessToken: auth.token })
    const entropyId = wallet.address as string
    const secret = await enrollTotp(auth.token!)
    t.advance(16 * 60_000) // past the verification window
    const attempts = {
      recovery: await laptop.handle('privy:wallets:set-recovery', {
        accessToken: auth.token,
        chainType: 'ethereum',
        entropyId,
        recoveryMethod: 'user-passcode',
        recoveryPassword: 'attacker-password',
      }),
      add: await laptop.handle('privy:wallets:add', {
        accessToken: auth.token,
        chainType: 'ethereum',
        entropyId,
      }),
      create: await laptop.handle('privy:solana-wallet:create', { accessToken: auth.token }),
    }
    for (const reply of Object.values(attempts))
      expect(reply).toMatchObject({ error: { type: 'missing_or_invalid_mfa' } })
    // A new browser with a fresh sign-in still needs the factor before its key is registered.
    const phoneAuth = await t.signIn(email)
    const phone = createTestDevice(t)
    expect((await phone.register(phoneAuth.token!)).json().code).toBe('missing_or_invalid_mfa')
    await t.request({
      method: 'POST',
      url: '/api/v1/mfa/totp/verify',
      bearer: phoneAuth.token!,
      json: { code: codeAt(secret, t.now()) },
    })
    expect((await phone.register(phoneAuth.token!)).statusCode).toBe(200)
  })
})

const codeAt = (secret: string, ms: number) =>
  new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) }).generate({ timestamp: ms })

async function enrollTotp(token: string): Promise<string> {
  const init = await t.request({ method: 'POST', url: '/api/v1/mfa/totp/init', bearer: token, json: {} })
  const { totpSecret } = init.json() as { totpSecret: string }
  const enrolled = await t.request({
    method: 'POST',
    url: '/api/v1/mfa/totp/enroll',
    bearer: token,
    json: { code: codeAt(totpSecret, t.now()) },
  })
  expect(enrolled.statusCode, enrolled.body).toBe(200)
  return totpSecret
}

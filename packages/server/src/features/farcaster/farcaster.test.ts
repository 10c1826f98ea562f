import { authResponseSchema, type FarcasterAccount, type User, userSchema } from '@foyer/protocol'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { serverAfterOriginsMoved } from '../../test/serverAfterOriginsMoved'
import { startFarcasterRelayStandIn } from '../../testing/farcaster/relayStandIn'
import {
  type FarcasterStandIns,
  startFarcasterStandIns,
} from '../../testing/farcaster/startFarcasterStandIns'
import type { FarcasterApprovalOverrides, FarcasterTestAccount } from '../../testing/farcaster/testPhone'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { farcaster as farcasterMethod } from './method'

const ORIGIN = 'http://localhost:5173'

let anvil: Anvil
let farcaster: FarcasterStandIns
let t: TestContext
let appId: string
let offsetMs = 0

async function createFarcasterApp(settings: Record<string, unknown> = {}): Promise<string> {
  const record = await createAppRecord(t.db, {
    name: 'Farcaster app',
    allowedOrigins: [ORIGIN],
    settings: { farcaster_auth: true, ...settings },
    masterKey: t.masterKey,
  })
  return record.id
}

beforeAll(async () => {
  anvil = await startAnvil()
  farcaster = await startFarcasterStandIns({ rpcUrl: anvil.rpcUrl })
  t = await createTestContext({
    now: () => Date.now() + offsetMs,
    methods: [farcasterMethod(farcaster.options)],
  })
  appId = await createFarcasterApp()
  // Links start from an email sign-in (`t.signIn`, the demo app).
  await updateAppSettings(t.db, t.demoApp.id, { farcaster_auth: true }, t.masterKey)
}, 60_000)
afterAll(async () => {
  await t?.close()
  await farcaster?.close()
  await anvil?.stop()
})

type Options = { app?: string; origin?: string | null; bearer?: string }

function post(url: string, json: unknown, options: Options = {}) {
  const origin = options.origin === undefined ? ORIGIN : options.origin
  return t.request({
    method: 'POST',
    url,
    json,
    appId: options.app ?? appId,
    bearer: options.bearer,
    headers: origin === null ? {} : { origin },
  })
}

function status(channelToken: string | null, options: Options = {}) {
  return t.request({
    method: 'GET',
    url: '/api/v1/farcaster/status',
    appId: options.app ?? appId,
    headers: {
      origin: ORIGIN,
      ...(channelToken === null ? {} : { 'farcaster-channel-token': channelToken }),
    },
  })
}

async function init(options: Options & { body?: Record<string, unknown> } = {}) {
  const response = await post('/api/v1/farcaster/init', options.body ?? {}, options)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { channel_token: string; connect_uri: string }
}

/** Init, the phone's approval and the completed status: the body of authenticate / link. */
async function approved(
  account: FarcasterTestAccount,
  options: Options & { overrides?: FarcasterApprovalOverrides } = {},
) {
  const channel = await init(options)
  await farcaster.phone.approve(channel.connect_uri, account, options.overrides)
  const completed = await status(channel.channel_token, options)
  expect(completed.statusCode, completed.body).toBe(200)
  const { message, signature, fid } = completed.json() as { message: string; signature: string; fid: number }
  return { channel_token: channel.channel_token, message, signature, fid }
}

function authenticate(body: Record<string, unknown>, options: Options = {}) {
  return post('/api/v1/farcaster/authenticate', body, options)
}

const farcasterAccountOf = (user: User) =>
  user.linked_accounts.find((account): account is FarcasterAccount => account.type === 'farcaster')

describe('farcaster sign-in', () => {
  test('default: init, the phone approves on the relay, status completes, authenticate signs up', async () => {
    const account = await farcaster.createAccount({
      profile: {
        username: 'alice',
        displayName: 'Alice',
        bio: 'gm',
        pfpUrl: 'https://img.example/a.png',
        url: 'https://alice.example',
      },
    })
    const channel = await init()
    const relayed = farcaster.relay.channels.get(channel.channel_token)
    expect(relayed?.signatureParams).toMatchObject({ domain: 'localhost:5173', siweUri: ORIGIN })
    expect(channel.connect_uri).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=/)
    const pending = await status(channel.channel_token)
    expect(pending.json()).toEqual({ state: 'pending', nonce: relayed?.nonce })
    expect(relayed?.nonce).toMatch(/^[0-9a-f]{32}$/)

    await farcaster.phone.approve(channel.connect_uri, account)
    const completed = (await status(channel.channel_token)).json()
    expect(completed).toMatchObject({
      state: 'completed',
      fid: account.fid,
      username: 'alice',
      display_name: 'Alice',
    })

    const response = await authenticate({
      channel_token: channel.channel_token,
      message: completed.message,
      signature: completed.signature,
      fid: completed.fid,
    })
    expect(response.statusCode, response.body).toBe(200)
    const auth = authResponseSchema.parse(response.json())
    expect(auth.is_new_user).toBe(true)
    expect(farcasterAccountOf(auth.user)).toMatchObject({
      type: 'farcaster',
      fid: account.fid,
      owner_address: account.signer.address,
      username: 'alice',
      display_name: 'Alice',
      bio: 'gm',
      profile_picture_url: 'https://img.example/a.png',
      homepage_url: 'https://alice.example',
    })
  })

  test('default: the same fid signs in again to the same user', async () => {
    const account = await farcaster.createAccount()
    const first = authResponseSchema.parse((await authenticate(await approved(account))).json())
    const second = authResponseSchema.parse((await authenticate(await approved(account))).json())
    expect(second.user.id).toBe(first.user.id)
    expect(second.is_new_user).toBe(false)
  })

  test('default: a contract custody address signs with ERC-1271 (docs/security.md property 42)', async () => {
    const account = await farcaster.createAccount({ contractCustody: true })
    const response = await authenticate(await approved(account))
    expect(response.statusCode, response.body).toBe(200)
    expect(farcasterAccountOf(authResponseSchema.parse(response.json()).user)?.owner_address).toBe(
      account.custodyAddress,
    )
  })

  test('default: without the user-data API the sign-in works, without a profile', async () => {
    const other = await createTestContext({
      db: t.db,
      masterKey: t.masterKey,
      now: () => Date.now(),
      methods: [
        farcasterMethod({ ...farcaster.options, userDataUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }),
      ],
    })
    try {
      const account = await farcaster.createAccount({ profile: { username: 'ghost' } })
      const channel = (
        await other.request({
          method: 'POST',
          url: '/api/v1/farcaster/init',
          appId,
          json: {},
          headers: { origin: ORIGIN },
        })
      ).json()
      const signed = await farcaster.phone.approve(channel.connect_uri, account)
      const response = await other.request({
        method: 'POST',
        url: '/api/v1/farcaster/authenticate',
        appId,
        headers: { origin: ORIGIN },
        json: { channel_token: channel.channel_token, ...signed, fid: account.fid },
      })
      expect(response.statusCode, response.body).toBe(200)
      const linked = farcasterAccountOf(authResponseSchema.parse(response.json()).user)
      expect(linked?.fid).toBe(account.fid)
      expect(linked?.username).toBeUndefined()
    } finally {
      await other.app.close()
    }
  })

  test('error: mode no-signup for an unknown fid is user_does_not_exist', async () => {
    const account = await farcaster.createAccount()
    const response = await authenticate({ ...(await approved(account)), mode: 'no-signup' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'user_does_not_exist' })
  })
})

describe('docs/security.md property 44: the relay is untrusted, the server verifies', () => {
  test('error: a message for another nonce is refused', async () => {
    const account = await farcaster.createAccount()
    const response = await authenticate(await approved(account, { overrides: { nonce: 'a1b2c3d4e5f6a7b8' } }))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      code: 'invalid_credentials',
      error: expect.stringContaining('nonce'),
    })
  })

  test("error: a message for another channel's nonce is refused, and that channel stays usable", async () => {
    const account = await farcaster.createAccount()
    const victim = await init()
    const victimNonce = farcaster.relay.channels.get(victim.channel_token)?.nonce as string
    const response = await authenticate(await approved(account, { overrides: { nonce: victimNonce } }))
    expect(response.statusCode).toBe(401)
    await farcaster.phone.approve(victim.connect_uri, account)
    const completed = (await status(victim.channel_token)).json()
    const ok = await authenticate({ channel_token: victim.channel_token, ...completed })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  test('error: a message for another domain is refused', async () => {
    const account = await farcaster.createAccount()
    const response = await authenticate(await approved(account, { overrides: { domain: 'evil.example' } }))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      code: 'invalid_credentials',
      error: expect.stringContaining('domain'),
    })
  })

  test('error: a message for another URI is refused', async () => {
    const account = await farcaster.createAccount()
    const response = await authenticate(
      await approved(account, { overrides: { uri: 'https://evil.example' } }),
    )
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test("error: a signature by a key that is not the fid's custody is refused", async () => {
    const account = await farcaster.createAccount()
    const intruder = privateKeyToAccount(generatePrivateKey())
    // The intruder claims the fid with its own address: the Id Registry does not record it.
    const claimed = await authenticate(await approved({ fid: account.fid, signer: intruder }))
    expect(claimed.statusCode).toBe(401)
    expect(claimed.json()).toMatchObject({ code: 'invalid_credentials' })
    // The intruder signs for the real custody address: the signature is not the custody's.
    const forged = await authenticate(
      await approved({ fid: account.fid, signer: intruder, custodyAddress: account.signer.address }),
    )
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test('error: a contract custody wallet refuses a stranger’s signature', async () => {
    const account = await farcaster.createAccount({ contractCustody: true })
    const stranger = privateKeyToAccount(generatePrivateKey())
    const response = await authenticate(await approved({ ...account, signer: stranger }))
    expect(response.statusCode).toBe(401)
  })

  test('error: a body fid other than the signed resource fid is refused', async () => {
    const account = await farcaster.createAccount()
    const other = await farcaster.createAccount()
    const body = await approved(account)
    const response = await authenticate({ ...body, fid: other.fid })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      code: 'invalid_credentials',
      error: expect.stringContaining('fid'),
    })
  })

  test('error: a channel is single use (replay)', async () => {
    const account = await farcaster.createAccount()
    const body = await approved(account)
    expect((await authenticate(body)).statusCode).toBe(200)
    const replay = await authenticate(body)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({
      code: 'invalid_credentials',
      error: 'Invalid or expired Farcaster channel',
    })
    expect((await status(body.channel_token)).statusCode).toBe(401)
  })

  test("error: another app's channel is refused", async () => {
    const account = await farcaster.createAccount()
    const otherApp = await createFarcasterApp()
    const body = await approved(account, { app: otherApp })
    const response = await authenticate(body)
    expect(response.statusCode).toBe(401)
    expect((await status(body.channel_token)).statusCode).toBe(401)
  })

  test('error: an expired channel is refused (10 min, docs/security.md property 38)', async () => {
    const account = await farcaster.createAccount()
    const body = await approved(account)
    offsetMs = 10 * 60_000 + 1000
    try {
      const response = await authenticate(body)
      expect(response.statusCode).toBe(401)
    } finally {
      offsetMs = 0
    }
  })

  test('error: the sign-in origin removed from the app after init is refused', async () => {
    const shrinking = await createFarcasterApp()
    const account = await farcaster.createAccount()
    const body = await approved(account, { app: shrinking })
    const other = await serverAfterOriginsMoved(t, shrinking, {
      methods: [farcasterMethod(farcaster.options)],
    })
    try {
      const response = await other.request({
        method: 'POST',
        url: '/api/v1/farcaster/authenticate',
        appId: shrinking,
        json: body,
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ code: 'invalid_origin' })
    } finally {
      await other.app.close()
    }
  })

  test('error: a relay that completes with malformed data is a 500', async () => {
    const channel = await init()
    const relayed = farcaster.relay.channels.get(channel.channel_token)
    ;(farcaster.relay.channels as Map<string, unknown>).set(channel.channel_token, {
      ...relayed,
      state: 'completed',
      fid: 'three',
    })
    const response = await status(channel.channel_token)
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ code: 'internal_error' })
  })
})

describe('farcaster init and status errors', () => {
  test('error: no Origin and no relying_party is missing_origin', async () => {
    const response = await post('/api/v1/farcaster/init', {}, { origin: null })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'missing_origin' })
  })

  test('error: an origin, relying_party or redirect_url outside the app is invalid_origin', async () => {
    for (const [options, body] of [
      [{ origin: 'https://evil.example' }, {}],
      [{}, { relying_party: 'https://evil.example' }],
      [{}, { redirect_url: 'https://evil.example/back' }],
    ] as const) {
      const response = await post('/api/v1/farcaster/init', body, options)
      expect(response.statusCode, JSON.stringify(body)).toBe(403)
      expect(response.json()).toMatchObject({ code: 'invalid_origin' })
    }
  })

  test('default: no body at all and a relying_party on the app are accepted', async () => {
    const bare = await t.request({
      method: 'POST',
      url: '/api/v1/farcaster/init',
      appId,
      headers: { origin: ORIGIN },
    })
    expect(bare.statusCode, bare.body).toBe(200)
    const relying = await init({
      origin: null,
      body: { relying_party: `${ORIGIN}/login`, redirect_url: `${ORIGIN}/back` },
    })
    expect(farcaster.relay.channels.get(relying.channel_token)?.signatureParams).toMatchObject({
      domain: 'localhost:5173',
      redirectUrl: `${ORIGIN}/back`,
    })
  })

  test('error: Farcaster off for the app is disallowed_login_method on every sign-in call', async () => {
    const off = await createFarcasterApp({ farcaster_auth: false })
    const calls = [
      await post('/api/v1/farcaster/init', {}, { app: off }),
      await status('token', { app: off }),
      await authenticate({ channel_token: 'token', message: 'm', signature: '0x00', fid: 1 }, { app: off }),
    ]
    for (const response of calls) {
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        error: 'Login with Farcaster not allowed.',
        code: 'disallowed_login_method',
      })
    }
  })

  test('error: captcha on and no token is invalid_captcha', async () => {
    const guarded = await createFarcasterApp({
      captcha_enabled: true,
      captcha_site_key: 't:site',
      captcha_secret_key: 'secret',
    })
    const response = await post('/api/v1/farcaster/init', {}, { app: guarded })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_captcha' })
  })

  test('error: a relay that is down is internal_error (500)', async () => {
    const relay = await startFarcasterRelayStandIn()
    const url = relay.url
    await relay.close()
    const other = await createTestContext({
      db: t.db,
      masterKey: t.masterKey,
      methods: [farcasterMethod({ ...farcaster.options, relayUrl: url })],
    })
    try {
      const response = await other.request({
        method: 'POST',
        url: '/api/v1/farcaster/init',
        appId,
        json: {},
        headers: { origin: ORIGIN },
      })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toMatchObject({ code: 'internal_error' })
    } finally {
      await other.app.close()
    }
  })

  test('error: status without the header is invalid_data; an unknown channel invalid_credentials', async () => {
    const missing = await status(null)
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ code: 'invalid_data' })
    const unknown = await status('no-such-channel')
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test('error: malformed authenticate bodies are invalid_data, never a 500', async () => {
    for (const body of [
      {},
      { channel_token: 't', message: 'm', signature: '0x00', fid: '3' },
      { channel_token: 't', message: 'm', signature: 'zz', fid: 3 },
      { channel_token: 't', message: 'm', signature: '0x00', fid: -1 },
      { channel_token: '', message: 'm', signature: '0x00', fid: 3 },
    ]) {
      const response = await authenticate(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
  })

  test('error: a malformed message on a live channel is invalid_data', async () => {
    const channel = await init()
    const response = await authenticate({
      channel_token: channel.channel_token,
      message: 'not a sign-in message',
      signature: '0x00',
      fid: 3,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_data' })
  })
})

const demo = () => t.demoApp.id

describe('farcaster link and unlink', () => {
  test('default: link to a signed-in user, then unlink by fid', async () => {
    const auth = await t.signIn()
    const account = await farcaster.createAccount({ profile: { username: 'linker' } })
    const linked = await post('/api/v1/farcaster/link', await approved(account, { app: demo() }), {
      app: demo(),
      bearer: auth.token as string,
    })
    expect(linked.statusCode, linked.body).toBe(200)
    expect(farcasterAccountOf(userSchema.parse(linked.json()))).toMatchObject({
      fid: account.fid,
      username: 'linker',
    })
    const unlinked = await post(
      '/api/v1/farcaster/unlink',
      { fid: account.fid },
      { app: demo(), bearer: auth.token as string },
    )
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(farcasterAccountOf(userSchema.parse(unlinked.json()))).toBeUndefined()
  })

  test('default: farcaster/transfer moves the fid of another user, named by its profile', async () => {
    const account = await farcaster.createAccount({ profile: { username: 'transferred' } })
    const owner = authResponseSchema.parse(
      (await authenticate(await approved(account, { app: demo() }), { app: demo() })).json(),
    )
    const me = await t.signIn()
    const bearer = me.token as string
    const conflict = await post('/api/v1/farcaster/link', await approved(account, { app: demo() }), {
      app: demo(),
      bearer,
    })
    expect(conflict.statusCode).toBe(400)
    const data = conflict.json().data
    expect(data).toMatchObject({ subject: String(account.fid), account: { displayName: 'transferred' } })
    const body = { nonce: data.nonce, farcaster_id: String(account.fid), farcaster_embedded_address: '' }
    // Another fid with this nonce: refused, nothing moves.
    const wrong = await post(
      '/api/v1/farcaster/transfer',
      { ...body, farcaster_id: '1' },
      { app: demo(), bearer },
    )
    expect(wrong.statusCode).toBe(401)
    const moved = await post('/api/v1/farcaster/transfer', body, { app: demo(), bearer })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(farcasterAccountOf(userSchema.parse(moved.json()))?.fid).toBe(account.fid)
    const refresh = await post('/api/v1/sessions', { refresh_token: owner.refresh_token }, { app: demo() })
    expect(refresh.statusCode).toBe(401)
  })

  test('error: link needs a session; an fid of another user is account_transfer_required; one per user', async () => {
    const account = await farcaster.createAccount()
    const noSession = await post('/api/v1/farcaster/link', await approved(account, { app: demo() }), {
      app: demo(),
    })
    expect(noSession.statusCode).toBe(401)
    // The fid belongs to a Farcaster user.
    const owner = authResponseSchema.parse(
      (await authenticate(await approved(account, { app: demo() }), { app: demo() })).json(),
    )
    expect(owner.user.id).toBeTruthy()
    const someone = await t.signIn()
    const taken = await post('/api/v1/farcaster/link', await approved(account, { app: demo() }), {
      app: demo(),
      bearer: someone.token as string,
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json()).toEqual({
      error: 'Account transfer required',
      code: 'account_transfer_required',
      data: expect.objectContaining({ nonce: expect.any(String) }),
    })
    const first = await farcaster.createAccount()
    const second = await farcaster.createAccount()
    expect(
      (
        await post('/api/v1/farcaster/link', await approved(first, { app: demo() }), {
          app: demo(),
          bearer: someone.token as string,
        })
      ).statusCode,
    ).toBe(200)
    const more = await post('/api/v1/farcaster/link', await approved(second, { app: demo() }), {
      app: demo(),
      bearer: someone.token as string,
    })
    expect(more.statusCode).toBe(400)
    expect(more.json()).toMatchObject({ code: 'cannot_link_more_of_type' })
  })

  test('error: unlink of an fid the user lacks is not_found; of the sole account cannot_unlink_sole_account', async () => {
    const account = await farcaster.createAccount()
    const auth = authResponseSchema.parse(
      (await authenticate(await approved(account, { app: demo() }), { app: demo() })).json(),
    )
    const missing = await post(
      '/api/v1/farcaster/unlink',
      { fid: 999_999 },
      { app: demo(), bearer: auth.token as string },
    )
    expect(missing.statusCode).toBe(404)
    const sole = await post(
      '/api/v1/farcaster/unlink',
      { fid: account.fid },
      { app: demo(), bearer: auth.token as string },
    )
    expect(sole.statusCode).toBe(400)
    expect(sole.json()).toMatchObject({ code: 'cannot_unlink_sole_account' })
  })
})

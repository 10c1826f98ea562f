import { type FrameReply, userSchema } from '@foyer/protocol'
import {
  createFrameHandler,
  createMemoryDeviceKeyStore,
  createMemoryShareStore,
  fromBase64,
} from '@foyer/wallet-frame'
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Encoder } from '@solana/kit'
import { verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { frameData as ok } from '../../test/frameDevice'
import { testFrameApi } from '../../test/testFrameApi'
import { useTestContext } from '../../test/useTestContext'

// The real frame logic (@foyer/wallet-frame) against the real server: device shares and the device key in
// memory stores, one pair per "device" (a new browser signs in anew: a session registers one device key);
// the browser-only parts (window listener, IndexedDB) are covered by the e2e tests.
const t = useTestContext()
let nextId = 0

function device() {
  const deviceShares = createMemoryShareStore()
  const deviceKeys = createMemoryDeviceKeyStore()
  const handler = createFrameHandler({
    appId: t.demoApp.id,
    api: testFrameApi(t, { deviceKeys }),
    deviceShares,
    mode: 'wallet',
    now: t.now,
  })
  return {
    deviceShares,
    deviceKeys,
    async send(event: string, data: unknown): Promise<FrameReply> {
      const id = `r${++nextId}`
      const reply = await handler.handle({ id, event, data })
      expect(reply.id).toBe(id)
      expect(reply.event).toBe(event)
      return reply
    },
  }
}
/** Signs `email` in again, as a person does on a new device (after the code cooldown). */
async function signInAgain(email: string): Promise<string> {
  t.advance(31_000)
  return (await t.signIn(email)).token!
}

describe('wallet frame against the server', () => {
  test('default: create (automatic recovery), sign, and the same wallet on a new device', async () => {
    const email = 'frame-default@example.com'
    const auth = await t.signIn(email)
    const accessToken = auth.token!
    const laptop = device()
    const wallet = ok(await laptop.send('privy:wallets:create', { accessToken }))
    expect(wallet).toMatchObject({
      chainType: 'ethereum',
      walletIndex: 0,
      recoveryMethod: 'privy',
      imported: false,
    })
    const address = wallet.address as `0x${string}`
    expect(wallet.entropyId).toBe(address)
    expect(laptop.deviceShares.size).toBe(1)
    const user = userSchema.parse(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: accessToken })).json().user,
    )
    expect(user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'wallet', address }))

    const rpc = (message: string, token = accessToken) => ({
      accessToken: token,
      chainType: 'ethereum',
      entropyId: address,
      walletIndex: 0,
      chainId: 31337,
      request: { method: 'personal_sign', params: [message, address] },
    })
    const signed = ok(await laptop.send('privy:wallets:rpc', rpc('hello foyer')))
    expect(
      await verifyMessage({ address, message: 'hello foyer', signature: signed.result as `0x${string}` }),
    ).toBe(true)

    // A new device (a new sign-in) has no share: rpc is refused until connect, which recovers automatically.
    const phone = device()
    const phoneToken = await signInAgain(email)
    const refused = await phone.send('privy:wallets:rpc', rpc('before connect', phoneToken))
    expect(refused).toMatchObject({
      error: { type: 'error', message: 'Wallet is not connected', code: 4900 },
    })
    expect(
      ok(
        await phone.send('privy:wallets:connect', {
          accessToken: phoneToken,
          chainType: 'ethereum',
          entropyId: address,
        }),
      ),
    ).toEqual({
      chainType: 'ethereum',
      entropyId: address,
      recoveryMethod: 'privy',
    })
    expect(phone.deviceShares.size).toBe(1)
    const again = ok(await phone.send('privy:wallets:rpc', rpc('same wallet', phoneToken)))
    expect(
      await verifyMessage({ address, message: 'same wallet', signature: again.result as `0x${string}` }),
    ).toBe(true)
    // Never a second wallet.
    const second = await phone.send('privy:wallets:create', { accessToken: phoneToken })
    expect(second).toMatchObject({
      error: { type: 'error', message: 'User already has an embedded wallet.' },
    })
  })

  test('default: password recovery on a new device (Solana); a wrong password gives the documented error', async () => {
    const email = 'frame-password@example.com'
    const auth = await t.signIn(email)
    const accessToken = auth.token!
    const laptop = device()
    const wallet = ok(
      await laptop.send('privy:solana-wallet:create', {
        accessToken,
        recoveryPassword: 'apple-banana-cherry-date',
      }),
    )
    expect(wallet).toMatchObject({
      chainType: 'solana',
      recoveryMethod: 'user-passcode',
      entropyIdVerifier: 'solana-address-verifier',
    })
    const entropyId = wallet.address as string

    const phone = device()
    const phoneToken = await signInAgain(email)
    const connect = await phone.send('privy:wallets:connect', {
      accessToken: phoneToken,
      chainType: 'solana',
      entropyId,
    })
    expect(connect).toMatchObject({ error: { type: 'wallet_not_on_device' } })
    const wrong = await phone.send('privy:wallets:recover', {
      accessToken: phoneToken,
      chainType: 'solana',
      entropyId,
      recoveryPassword: 'not-the-password',
    })
    expect(wrong).toMatchObject({
      error: { type: 'invalid_recovery_pin', message: 'Invalid recovery password, please try again.' },
    })
    expect(phone.deviceShares.size).toBe(0)
    ok(
      await phone.send('privy:wallets:recover', {
        accessToken: phoneToken,
        chainType: 'solana',
        entropyId,
        recoveryPassword: 'apple-banana-cherry-date',
      }),
    )
    const message = Buffer.from('hello solana').toString('base64')
    const signed = ok(
      await phone.send('privy:wallets:rpc', {
        accessToken: phoneToken,
        chainType: 'solana',
        entropyId,
        walletIndex: 0,
        request: { method: 'signMessage', params: { message } },
      }),
    )
    const { signature } = signed.result as { signature: string }
    const publicKey = new Uint8Array(getBase58Encoder().encode(entropyId))
    expect(ed25519.verify(fromBase64(signature), fromBase64(message), publicKey)).toBe(true)
    // The recovered share is now this device's share: connect needs no password (a new frame page of the
    // same browser: same share store, same device key).
    const fresh = device()
    await fresh.deviceKeys.putIfAbsent((await phone.deviceKeys.get())!)
    await fresh.deviceShares.set(
      `${t.demoApp.id}:solana:${entropyId}`,
      (await phone.deviceShares.get(`${t.demoApp.id}:solana:${entropyId}`))!,
    )
    expect(
      ok(
        await fresh.send('privy:wallets:connect', {
          accessToken: phoneToken,
          chainType: 'solana',
          entropyId,
        }),
      ),
    ).toMatchObject({
      recoveryMethod: 'user-passcode',
    })
  })

  test('behavior: additional HD wallets (the next index only) and a recovery-method change', async () => {
    const email = 'frame-additional@example.com'
    const auth = await t.signIn(email)
    const accessToken = auth.token!
    const laptop = device()
    const root = ok(await laptop.send('privy:wallet:create', { accessToken, chainType: 'ethereum' }))
    const entropyId = root.address as string
    const phone = device()
    const phoneToken = await signInAgain(email)
    ok(
      await phone.send('privy:wallets:connect', {
        accessToken: phoneToken,
        chainType: 'ethereum',
        entropyId,
      }),
    )

    const added = ok(
      await laptop.send('privy:wallets:add', { accessToken, chainType: 'ethereum', entropyId }),
    )
    expect(added).toMatchObject({ walletIndex: 1, entropyId })
    expect(added.address).not.toBe(entropyId)
    const skipped = await laptop.send('privy:wallets:add', {
      accessToken,
      chainType: 'ethereum',
      entropyId,
      walletIndex: 5,
    })
    expect(skipped).toMatchObject({ error: { message: 'Only the next wallet index (2) can be added' } })
    const third = ok(
      await laptop.send('privy:wallets:add', {
        accessToken,
        chainType: 'ethereum',
        entropyId,
        walletIndex: 2,
      }),
    )
    expect(third.walletIndex).toBe(2)
    const negative = await laptop.send('privy:wallets:add', {
      accessToken,
      chainType: 'ethereum',
      entropyId,
      walletIndex: -1,
    })
    expect(negative).toMatchObject({ error: { type: 'invalid_request_arguments' } })

    const changed = ok(
      await laptop.send('privy:wallets:set-recovery', {
        accessToken,
        chainType: 'ethereum',
        entropyId,
        recoveryMethod: 'user-passcode',
        recoveryPassword: 'new-secret-words',
      }),
    )
    expect(changed).toEqual({ chainType: 'ethereum', entropyId, recoveryMethod: 'user-passcode' })
    // The laptop's new share still works; the phone's old share no longer combines → password recovery.
    const restarted = createFrameHandler({
      appId: t.demoApp.id,
      api: testFrameApi(t, { deviceKeys: laptop.deviceKeys }),
      deviceShares: laptop.deviceShares,
      mode: 'wallet',
      now: t.now,
    })
    const reconnect = await restarted.handle({
      id: 'x',
      event: 'privy:wallets:connect',
      data: { accessToken, chainType: 'ethereum', entropyId },
    })
    expect(reconnect).toMatchObject({ data: { recoveryMethod: 'user-passcode' } })
    const phoneAgain = createFrameHandler({
      appId: t.demoApp.id,
      api: testFrameApi(t, { deviceKeys: phone.deviceKeys }),
      deviceShares: phone.deviceShares,
      mode: 'wallet',
      now: t.now,
    })
    const stale = await phoneAgain.handle({
      id: 'y',
      event: 'privy:wallets:connect',
      data: { accessToken: phoneToken, chainType: 'ethereum', entropyId },
    })
    expect(stale).toMatchObject({ error: { type: 'wallet_not_on_device' } })
    const recovered = await phoneAgain.handle({
      id: 'z',
      event: 'privy:wallets:recover',
      data: {
        accessToken: phoneToken,
        chainType: 'ethereum',
        entropyId,
        recoveryPassword: 'new-secret-words',
      },
    })
    expect(recovered).toMatchObject({ data: { entropyId } })
  })

  test("error: another user's token cannot use an unlocked key; an expired token is refused", async () => {
    const owner = await t.signIn()
    const laptop = device()
    const wallet = ok(await laptop.send('privy:wallets:create', { accessToken: owner.token! }))
    const stranger = await t.signIn()
    const request = {
      chainType: 'ethereum',
      entropyId: wallet.address,
      walletIndex: 0,
      chainId: 31337,
      request: { method: 'personal_sign', params: ['0x68656c6c6f'] },
    }
    const foreign = await laptop.send('privy:wallets:rpc', { ...request, accessToken: stranger.token! })
    expect(foreign).toMatchObject({ error: { code: 4900 } })
    const connect = await laptop.send('privy:wallets:connect', {
      accessToken: stranger.token!,
      chainType: 'ethereum',
      entropyId: wallet.address,
    })
    expect(connect).toMatchObject({ error: { type: 'error', message: 'Embedded wallet not found' } })
    t.advance(3601 * 1000)
    const expired = await laptop.send('privy:wallets:rpc', { ...request, accessToken: owner.token! })
    expect(expired).toMatchObject({
      error: { type: 'error', message: 'Missing or invalid token', code: 4100 },
    })
  })
})

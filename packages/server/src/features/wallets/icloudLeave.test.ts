import type { FrameReply } from '@foyer/protocol'
import { createFrameHandler, createMemoryDeviceKeyStore, createMemoryShareStore } from '@foyer/wallet-frame'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestContext } from '../../test/createTestContext'
import { appleIdIn, startIcloudApp } from '../../test/icloudApp'
import { testFrameApi } from '../../test/testFrameApi'
import type { CloudKitStandIn } from '../../testing/cloudKit/cloudKitStandIn'

// The real frame logic against the real server and the CloudKit stand-in: a wallet leaving iCloud has its
// old secret record deleted from the user's private CloudKit database (docs/recovery-icloud.md "Changing
// the method") and still recovers with its new method.
const container = {
  containerIdentifier: 'iCloud.com.example.leave',
  environment: 'development',
  apiToken: 'ck-api-token-leave',
} as const
let t: TestContext
let cloudKit: CloudKitStandIn
let appId: string
let nextId = 0

beforeAll(async () => {
  ;({ t, cloudKit, appId } = await startIcloudApp('Leaving iCloud', container))
}, 60_000)
afterAll(async () => {
  await t?.close()
  await cloudKit?.close()
})

function device() {
  const deviceShares = createMemoryShareStore()
  const api = testFrameApi(t, { deviceKeys: createMemoryDeviceKeyStore(), appId })
  const handler = createFrameHandler({
    appId,
    api,
    deviceShares,
    mode: 'wallet',
    now: t.now,
    cloudKitApiUrl: cloudKit.url,
  })
  return {
    deviceShares,
    send: (event: string, data: unknown): Promise<FrameReply> =>
      handler.handle({ id: `l${++nextId}`, event, data }),
  }
}
function ok(reply: FrameReply): Record<string, unknown> {
  if ('error' in reply) throw new Error(`frame error ${reply.error.type}: ${reply.error.message}`)
  return reply.data as Record<string, unknown>
}
const appleId = (id: string) => appleIdIn(container, id)

/** `email` signed in on a new device, with a wallet secured with the iCloud of `user`. */
async function walletOnIcloud(email: string, user: ReturnType<typeof appleId>) {
  const accessToken = (await t.signIn(email, appId)).token ?? ''
  const laptop = device()
  const entropyId = ok(await laptop.send('privy:wallets:create', { accessToken })).address
  const ref = { accessToken, chainType: 'ethereum', entropyId }
  ok(
    await laptop.send('privy:wallets:set-recovery', {
      ...ref,
      recoveryMethod: 'icloud',
      recoveryAccessToken: cloudKit.signIn(user),
    }),
  )
  return { laptop, entropyId, ref }
}

describe('leaving iCloud (frame, server, CloudKit stand-in)', () => {
  test('behavior: icloud → password deletes the record; a new device recovers with the password', async () => {
    const email = 'icloud-leave@example.com'
    const ada = appleId('ada-leave@icloud.com')
    const { laptop, entropyId, ref } = await walletOnIcloud(email, ada)
    expect(cloudKit.records(ada)).toHaveLength(1)

    const password = 'Velvet-Orbit-Lantern-Pebble'
    const changed = ok(
      await laptop.send('privy:wallets:set-recovery', {
        ...ref,
        recoveryMethod: 'user-passcode',
        recoveryPassword: password,
        existingRecoveryMethod: 'icloud',
        existingRecoveryAccessToken: cloudKit.signIn(ada),
      }),
    )
    expect(changed).toMatchObject({ entropyId, recoveryMethod: 'user-passcode' })
    expect(cloudKit.records(ada)).toEqual([])

    t.advance(31_000)
    const phoneToken = (await t.signIn(email, appId)).token ?? ''
    const phone = device()
    const recovered = ok(
      await phone.send('privy:wallets:recover', {
        accessToken: phoneToken,
        chainType: 'ethereum',
        entropyId,
        recoveryPassword: password,
      }),
    )
    expect(recovered).toMatchObject({ entropyId, recoveryMethod: 'user-passcode' })
    expect(phone.deviceShares.size).toBe(1)
  })

  test('behavior: icloud → icloud (new sign-in) replaces the record; the old one is gone', async () => {
    const ada = appleId('ada-renew@icloud.com')
    const { laptop, ref } = await walletOnIcloud('icloud-renew@example.com', ada)
    const [first] = cloudKit.records(ada)
    // One sign-in for three CloudKit calls (save, read back, delete the old record): the frame makes each
    // with the token the previous answer carried, as a web auth token is good for one call.
    const renewed = { ...ref, recoveryMethod: 'icloud', recoveryAccessToken: cloudKit.signIn(ada) }
    ok(await laptop.send('privy:wallets:set-recovery', renewed))
    const records = cloudKit.records(ada)
    expect(records).toHaveLength(1)
    expect(records[0]?.recordName).not.toBe(first?.recordName)
  })

  test('edge: without a web auth token for the old record the change still succeeds; the record stays', async () => {
    const ada = appleId('ada-kept@icloud.com')
    const { laptop, ref } = await walletOnIcloud('icloud-kept@example.com', ada)
    const changed = ok(await laptop.send('privy:wallets:set-recovery', { ...ref, recoveryMethod: 'privy' }))
    expect(changed).toMatchObject({ recoveryMethod: 'privy' })
    expect(cloudKit.records(ada)).toHaveLength(1)
  })

  test('error: a web auth token already spent (the one that secured the wallet) is refused; a fresh sign-in recovers', async () => {
    const email = 'icloud-spent@example.com'
    const ada = appleId('ada-spent@icloud.com')
    const accessToken = (await t.signIn(email, appId)).token ?? ''
    const laptop = device()
    const entropyId = ok(await laptop.send('privy:wallets:create', { accessToken })).address
    const spent = cloudKit.signIn(ada)
    const ref = { accessToken, chainType: 'ethereum', entropyId }
    ok(
      await laptop.send('privy:wallets:set-recovery', {
        ...ref,
        recoveryMethod: 'icloud',
        recoveryAccessToken: spent,
      }),
    )

    t.advance(31_000)
    const phoneToken = (await t.signIn(email, appId)).token ?? ''
    const phone = device()
    const onPhone = { accessToken: phoneToken, chainType: 'ethereum', entropyId }
    expect(
      await phone.send('privy:wallets:recover', { ...onPhone, recoveryAccessToken: spent }),
    ).toMatchObject({
      error: { type: 'error', message: 'iCloud refused the sign-in; sign in with your Apple ID again' },
    })
    const recovered = ok(
      await phone.send('privy:wallets:recover', { ...onPhone, recoveryAccessToken: cloudKit.signIn(ada) }),
    )
    expect(recovered).toMatchObject({ entropyId, recoveryMethod: 'icloud' })
  })
})

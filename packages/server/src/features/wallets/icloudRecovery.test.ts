import { createMemoryDeviceKeyStore } from '@foyer/wallet-frame'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestContext } from '../../test/createTestContext'
import {
  cloudRecoveryUpload,
  expectCloudRecoveryArgumentsRefused,
  expectFrameSignsMessage,
  frameDevice,
  frameData as ok,
} from '../../test/frameDevice'
import { appleIdIn, startIcloudApp } from '../../test/icloudApp'
import { testFrameApi } from '../../test/testFrameApi'
import type { CloudKitStandIn } from '../../testing/cloudKit/cloudKitStandIn'
import { ckSessionOf } from '../../testing/cloudKit/signInPages'

// The real frame logic against the real server and the CloudKit stand-in: a wallet secured with iCloud
// (docs/recovery-icloud.md), recovered on a new device with the secret read back from the user's private
// CloudKit database, then used to sign.
const container = {
  containerIdentifier: 'iCloud.com.example.wallet',
  environment: 'development',
  apiToken: 'ck-api-token',
} as const
let t: TestContext
let cloudKit: CloudKitStandIn
let appId: string

beforeAll(async () => {
  ;({ t, cloudKit, appId } = await startIcloudApp('iCloud recovery', container))
}, 60_000)
afterAll(async () => {
  await t?.close()
  await cloudKit?.close()
})

/** init_icloud → the Apple ID sign-in page at its URL → the `ckSession` the page posts to its opener. */
async function signInToIcloud(accessToken: string, appleId: string): Promise<string> {
  const init = await t.request({
    method: 'POST',
    url: '/api/v1/recovery/oauth/init_icloud',
    json: { client_type: 'web' },
    appId,
    bearer: accessToken,
  })
  const { url } = init.json() as { url: string }
  const page = await (await fetch(url)).text()
  expect(page).toContain('Sign in with your Apple ID')
  const form = new URL(url).searchParams
  const signedIn = await fetch(new URL('/signin', url), {
    method: 'POST',
    body: new URLSearchParams({
      container: form.get('container') ?? '',
      environment: form.get('environment') ?? '',
      appleId,
    }),
  })
  return ckSessionOf(await signedIn.text()) ?? ''
}

const device = () => frameDevice(t, { appId, cloudKitApiUrl: cloudKit.url })

describe('iCloud recovery (frame, server, CloudKit stand-in)', () => {
  test('default: secure with iCloud, recover on a new device from the record in iCloud, sign', async () => {
    const email = 'icloud-recovery@example.com'
    const accessToken = (await t.signIn(email, appId)).token ?? ''
    const laptop = device()
    const wallet = ok(await laptop.send('privy:wallets:create', { accessToken }))
    const entropyId = wallet.address as `0x${string}`
    const ada = appleIdIn(container, 'ada@icloud.com')

    const changed = ok(
      await laptop.send('privy:wallets:set-recovery', {
        accessToken,
        chainType: 'ethereum',
        entropyId,
        recoveryMethod: 'icloud',
        recoveryAccessToken: await signInToIcloud(accessToken, ada.appleId),
      }),
    )
    expect(changed).toEqual({ chainType: 'ethereum', entropyId, recoveryMethod: 'icloud' })
    // One secret record in Ada's private database; the server has its name only.
    const records = cloudKit.records(ada)
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({
      recordType: 'FoyerRecoverySecret',
      recordName: expect.stringMatching(/^foyer-recovery-secret-[0-9a-f]{32}$/),
    })
    const secret = records[0]?.fields.recovery_secret?.value as string
    const material = await laptop.api.getRecoveryMaterial(accessToken, {
      chain_type: 'ethereum',
      entropy_id: entropyId,
    })
    expect(material).toMatchObject({ recovery_method: 'icloud', icloud_record_name: records[0]?.recordName })
    expect(JSON.stringify(material)).not.toContain(secret)

    // A new device: no share; iCloud recovery needs a sign-in.
    t.advance(31_000)
    const phoneToken = (await t.signIn(email, appId)).token ?? ''
    const phone = device()
    const ref = { accessToken: phoneToken, chainType: 'ethereum', entropyId }
    expect(await phone.send('privy:wallets:connect', ref)).toMatchObject({
      error: { type: 'wallet_not_on_device' },
    })
    expect(await phone.send('privy:wallets:recover', ref)).toMatchObject({
      error: { type: 'invalid_request_arguments', message: 'An iCloud sign-in is required' },
    })
    // Another Apple ID has no such record; a token CloudKit does not know is a sign-in to redo.
    expect(
      await phone.send('privy:wallets:recover', {
        ...ref,
        recoveryAccessToken: await signInToIcloud(phoneToken, 'bob@icloud.com'),
      }),
    ).toMatchObject({
      error: { type: 'error', message: 'The recovery secret is not in this iCloud account' },
    })
    expect(
      await phone.send('privy:wallets:recover', { ...ref, recoveryAccessToken: '1__bm90LWEtdG9rZW4=' }),
    ).toMatchObject({
      error: { type: 'error', message: 'iCloud refused the sign-in; sign in with your Apple ID again' },
    })

    const recovered = ok(
      await phone.send('privy:wallets:recover', {
        ...ref,
        recoveryAccessToken: await signInToIcloud(phoneToken, ada.appleId),
      }),
    )
    expect(recovered).toMatchObject({ entropyId, recoveryMethod: 'icloud' })
    expect(phone.deviceShares.size).toBe(1)
    await expectFrameSignsMessage(phone, {
      accessToken: phoneToken,
      entropyId,
      message: 'recovered from iCloud',
    })
  })

  test('behavior: a wallet made or recovered on iCloud answers the next web auth token; the second wallet is made, and recovered, with it', async () => {
    const accessToken = (await t.signIn('icloud-two-wallets@example.com', appId)).token ?? ''
    const laptop = device()
    const ada = appleIdIn(container, 'ada-two@icloud.com')
    const spent = await signInToIcloud(accessToken, ada.appleId)
    const ethereum = ok(
      await laptop.send('privy:wallet:create', {
        accessToken,
        chainType: 'ethereum',
        recoveryMethod: 'icloud',
        recoveryAccessToken: spent,
      }),
    )
    expect(ethereum).toMatchObject({ chainType: 'ethereum', recoveryMethod: 'icloud' })
    const next = ethereum.nextRecoveryAccessToken as string
    expect(next).toEqual(expect.any(String))
    expect(next).not.toBe(spent)
    // The token given is spent: CloudKit refuses it, and no Solana wallet is made.
    expect(
      await laptop.send('privy:wallet:create', {
        accessToken,
        chainType: 'solana',
        recoveryMethod: 'icloud',
        recoveryAccessToken: spent,
      }),
    ).toMatchObject({ error: { type: 'error' } })
    const solana = ok(
      await laptop.send('privy:wallet:create', {
        accessToken,
        chainType: 'solana',
        recoveryMethod: 'icloud',
        recoveryAccessToken: next,
      }),
    )
    expect(solana).toMatchObject({ chainType: 'solana', recoveryMethod: 'icloud' })
    // One record per wallet in Ada's private database.
    expect(cloudKit.records(ada)).toHaveLength(2)

    // A new device: one Apple sign-in recovers the Ethereum wallet, and its answer's token the Solana one.
    t.advance(31_000)
    const phoneToken = (await t.signIn('icloud-two-wallets@example.com', appId)).token ?? ''
    const phone = device()
    const recovered = ok(
      await phone.send('privy:wallets:recover', {
        accessToken: phoneToken,
        chainType: 'ethereum',
        entropyId: ethereum.entropyId,
        recoveryAccessToken: await signInToIcloud(phoneToken, ada.appleId),
      }),
    )
    expect(recovered).toMatchObject({ chainType: 'ethereum', recoveryMethod: 'icloud' })
    expect(recovered.nextRecoveryAccessToken).toEqual(expect.any(String))
    expect(
      ok(
        await phone.send('privy:wallets:recover', {
          accessToken: phoneToken,
          chainType: 'solana',
          entropyId: solana.entropyId,
          recoveryAccessToken: recovered.nextRecoveryAccessToken,
        }),
      ),
    ).toMatchObject({ chainType: 'solana', entropyId: solana.entropyId, recoveryMethod: 'icloud' })
    expect(phone.deviceShares.size).toBe(2)
  })

  test('error: without a sign-in, with a password, or with a token CloudKit refuses, nothing changes', async () => {
    const accessToken = (await t.signIn('icloud-refused@example.com', appId)).token ?? ''
    const laptop = device()
    const wallet = ok(await laptop.send('privy:wallets:create', { accessToken }))
    const base = { accessToken, chainType: 'ethereum', entropyId: wallet.address, recoveryMethod: 'icloud' }
    await expectCloudRecoveryArgumentsRefused(laptop, base)
    expect(
      await laptop.send('privy:wallets:set-recovery', { ...base, recoveryAccessToken: 'not-a-token' }),
    ).toMatchObject({
      error: { type: 'error', message: 'iCloud refused the sign-in; sign in with your Apple ID again' },
    })
    expect(
      ok(
        await laptop.send('privy:wallets:connect', {
          accessToken,
          chainType: 'ethereum',
          entropyId: wallet.address,
        }),
      ),
    ).toMatchObject({
      recoveryMethod: 'privy',
    })
  })

  test('error: an app without iCloud refuses an icloud upload (403 disallowed_login_method)', async () => {
    const accessToken = (await t.signIn('icloud-demo@example.com')).token ?? ''
    const api = testFrameApi(t, { deviceKeys: createMemoryDeviceKeyStore() })
    const upload = cloudRecoveryUpload({
      recovery_method: 'icloud' as const,
      icloud_record_name: `foyer-recovery-secret-${'cd'.repeat(16)}`,
    })
    expect(await api.createWallet(accessToken, upload).catch((error: unknown) => error)).toMatchObject({
      status: 403,
      code: 'disallowed_login_method',
    })
  })
})

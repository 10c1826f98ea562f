import { GOOGLE_DRIVE_APPDATA_SCOPE, type OAuthClientSettings } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  cloudRecoveryUpload,
  expectCloudRecoveryArgumentsRefused,
  expectFrameSignsMessage,
  frameDevice,
  frameData as ok,
} from '../../test/frameDevice'
import { googleAccessToken } from '../../test/googleAccessToken'
import { useTestContext } from '../../test/useTestContext'
import {
  type GoogleDriveStandIn,
  startGoogleDriveStandIn,
} from '../../testing/googleDrive/googleDriveStandIn'
import {
  type LocalIdentityProvider,
  startLocalIdentityProvider,
} from '../../testing/localIdentityProvider/startLocalIdentityProvider'
import { createAppRecord } from '../apps/service'

// The real frame logic against the real server, the local identity provider (Google) and the Drive API
// stand-in: a wallet secured with Google Drive (docs/recovery-oauth.md) and recovered on a new device.
const t = useTestContext()
const REDIRECT_URI = 'http://foyer.test/api/v1/oauth/callback'
let idp: LocalIdentityProvider
let drive: GoogleDriveStandIn
let google: OAuthClientSettings
let otherApp: OAuthClientSettings

beforeAll(async () => {
  idp = await startLocalIdentityProvider({
    users: [{ subject: '42', email: 'ada@example.com', name: 'Ada' }],
  })
  drive = await startGoogleDriveStandIn({ identityProvider: idp })
  google = await idp.registerClient({ provider: 'google', redirectUri: REDIRECT_URI })
  otherApp = await idp.registerClient({ provider: 'google', redirectUri: REDIRECT_URI })
})
afterAll(async () => {
  await drive?.close()
  await idp?.close()
})

/** Google's access token for `client` (what `recovery/oauth/authenticate` hands the frame). */
const googleToken = (client: OAuthClientSettings, scope = `openid email ${GOOGLE_DRIVE_APPDATA_SCOPE}`) =>
  googleAccessToken(idp, client, { scope, login: '42', redirectUri: REDIRECT_URI })

const device = (appId = t.demoApp.id) => frameDevice(t, { appId, googleDriveApiUrl: drive.url })

describe('Google Drive recovery (frame, server, Google and Drive stand-ins)', () => {
  test('default: secure with Google Drive, recover on a new device from the secret in Drive, sign', async () => {
    const email = 'drive-recovery@example.com'
    const accessToken = (await t.signIn(email)).token!
    const laptop = device()
    const wallet = ok(await laptop.send('privy:wallets:create', { accessToken }))
    const entropyId = wallet.address as `0x${string}`

    const changed = ok(
      await laptop.send('privy:wallets:set-recovery', {
        accessToken,
        chainType: 'ethereum',
        entropyId,
        recoveryMethod: 'google-drive',
        recoveryAccessToken: await googleToken(google),
      }),
    )
    expect(changed).toEqual({ chainType: 'ethereum', entropyId, recoveryMethod: 'google-drive' })
    // One secret file in the user's app-data folder of this app's Google client; the server has its name only.
    const files = drive.appDataFiles({ clientId: google.client_id, subject: '42' })
    expect(files).toHaveLength(1)
    const stored = JSON.parse(files[0]?.content.toString('utf8') ?? '') as { recovery_secret: string }
    const material = await laptop.api.getRecoveryMaterial(accessToken, {
      chain_type: 'ethereum',
      entropy_id: entropyId,
    })
    expect(material).toMatchObject({ recovery_method: 'google-drive', secret_file_name: files[0]?.name })
    expect(JSON.stringify(material)).not.toContain(stored.recovery_secret)

    // A new device: no share; Drive recovery needs Google's token.
    t.advance(31_000)
    const phoneToken = (await t.signIn(email)).token!
    const phone = device()
    const ref = { accessToken: phoneToken, chainType: 'ethereum', entropyId }
    expect(await phone.send('privy:wallets:connect', ref)).toMatchObject({
      error: { type: 'wallet_not_on_device' },
    })
    expect(await phone.send('privy:wallets:recover', ref)).toMatchObject({
      error: { type: 'invalid_request_arguments', message: 'A Google Drive access token is required' },
    })
    // Another Google client (another app) cannot see this app's folder; a token without the scope is refused.
    expect(
      await phone.send('privy:wallets:recover', { ...ref, recoveryAccessToken: await googleToken(otherApp) }),
    ).toMatchObject({ error: { type: 'error', message: 'The recovery secret is not in this Google Drive' } })
    expect(
      await phone.send('privy:wallets:recover', {
        ...ref,
        recoveryAccessToken: await googleToken(google, 'openid email'),
      }),
    ).toMatchObject({ error: { type: 'error', message: 'Access to your Google Drive was not granted.' } })

    const recovered = ok(
      await phone.send('privy:wallets:recover', { ...ref, recoveryAccessToken: await googleToken(google) }),
    )
    expect(recovered).toMatchObject({ entropyId, recoveryMethod: 'google-drive' })
    expect(phone.deviceShares.size).toBe(1)
    await expectFrameSignsMessage(phone, {
      accessToken: phoneToken,
      entropyId,
      message: 'recovered from drive',
    })
  })

  test('behavior: a wallet created on Google Drive directly: the server only ever gets the Drive-encrypted share', async () => {
    const email = 'drive-create@example.com'
    const accessToken = (await t.signIn(email)).token!
    const laptop = device()
    // What reaches the server: the recovery method of every upload (create or set-recovery).
    const uploads: string[] = []
    const { createWallet, setRecovery } = laptop.api
    laptop.api.createWallet = (token, body) => {
      uploads.push(`create:${body.recovery.recovery_method}`)
      return createWallet(token, body)
    }
    laptop.api.setRecovery = (token, body) => {
      uploads.push(`set:${body.recovery.recovery_method}`)
      return setRecovery(token, body)
    }
    const refused = await laptop.send('privy:wallet:create', {
      accessToken,
      chainType: 'ethereum',
      recoveryMethod: 'google-drive',
    })
    expect(refused).toMatchObject({
      error: {
        type: 'invalid_request_arguments',
        message: expect.stringContaining('A Google Drive access token is required'),
      },
    })
    const wallet = ok(
      await laptop.send('privy:wallet:create', {
        accessToken,
        chainType: 'ethereum',
        recoveryMethod: 'google-drive',
        recoveryAccessToken: await googleToken(google),
      }),
    )
    expect(wallet).toMatchObject({ recoveryMethod: 'google-drive' })
    expect(uploads).toEqual(['create:google-drive'])
    const entropyId = wallet.address as `0x${string}`
    const material = await laptop.api.getRecoveryMaterial(accessToken, {
      chain_type: 'ethereum',
      entropy_id: entropyId,
    })
    const names = drive.appDataFiles({ clientId: google.client_id, subject: '42' }).map((file) => file.name)
    expect(material).toMatchObject({ recovery_method: 'google-drive' })
    expect(names).toContain(material.recovery_method === 'google-drive' ? material.secret_file_name : '')

    t.advance(31_000)
    const phoneToken = (await t.signIn(email)).token!
    const phone = device()
    const ref = { accessToken: phoneToken, chainType: 'ethereum', entropyId }
    ok(await phone.send('privy:wallets:recover', { ...ref, recoveryAccessToken: await googleToken(google) }))
    await expectFrameSignsMessage(phone, { accessToken: phoneToken, entropyId, message: 'made on drive' })
  })

  test('behavior: changing google-drive → password → google-drive → automatic replaces the material and deletes the old Drive secret', async () => {
    const accessToken = (await t.signIn('drive-switch@example.com')).token!
    const laptop = device()
    const entropyId = ok(await laptop.send('privy:wallets:create', { accessToken })).address as string
    const ref = { accessToken, chainType: 'ethereum', entropyId }
    const material = () =>
      laptop.api.getRecoveryMaterial(accessToken, { chain_type: 'ethereum', entropy_id: entropyId })
    const files = () => drive.appDataFiles({ clientId: google.client_id, subject: '42' }).map((f) => f.name)
    const before = files()
    const change = async (fields: Record<string, unknown>) =>
      ok(await laptop.send('privy:wallets:set-recovery', { ...ref, ...fields }))

    await change({ recoveryMethod: 'google-drive', recoveryAccessToken: await googleToken(google) })
    const first = await material()
    if (first.recovery_method !== 'google-drive') throw new Error('expected google-drive')
    expect(files()).toEqual([...before, first.secret_file_name])

    // Leaving Drive with Google's token: the server holds the password-encrypted share only; the file is gone.
    await change({
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'Velvet-Orbit-Lantern',
      existingRecoveryAccessToken: await googleToken(google),
    })
    expect(await material()).toMatchObject({ recovery_method: 'user-passcode' })
    expect(files()).toEqual(before)

    // Back to Drive, then to automatic: the password-encrypted share is replaced, then the second secret goes.
    await change({ recoveryMethod: 'google-drive', recoveryAccessToken: await googleToken(google) })
    const second = await material()
    expect(second).toMatchObject({ recovery_method: 'google-drive' })
    expect(JSON.stringify(second)).not.toContain(JSON.stringify(first))
    expect(files()).toHaveLength(before.length + 1)
    expect(
      await change({ recoveryMethod: 'privy', existingRecoveryAccessToken: await googleToken(google) }),
    ).toEqual({ chainType: 'ethereum', entropyId, recoveryMethod: 'privy' })
    expect(await material()).toMatchObject({ recovery_method: 'privy' })
    expect(files()).toEqual(before)

    // A new device recovers the automatic wallet by itself.
    t.advance(31_000)
    const phoneToken = (await t.signIn('drive-switch@example.com')).token!
    const phone = device()
    expect(ok(await phone.send('privy:wallets:connect', { ...ref, accessToken: phoneToken }))).toMatchObject({
      entropyId,
      recoveryMethod: 'privy',
    })
  })

  test('error: set-recovery to google-drive without Google token, or with a password, is refused', async () => {
    const accessToken = (await t.signIn('drive-refused@example.com')).token!
    const laptop = device()
    const wallet = ok(await laptop.send('privy:wallets:create', { accessToken }))
    const base = {
      accessToken,
      chainType: 'ethereum',
      entropyId: wallet.address,
      recoveryMethod: 'google-drive',
    }
    await expectCloudRecoveryArgumentsRefused(laptop, base)
    // A Google token Drive does not accept: nothing changes on the server.
    expect(
      await laptop.send('privy:wallets:set-recovery', { ...base, recoveryAccessToken: 'not-a-google-token' }),
    ).toMatchObject({ error: { type: 'error' } })
    expect(
      ok(
        await laptop.send('privy:wallets:connect', {
          accessToken,
          chainType: 'ethereum',
          entropyId: wallet.address,
        }),
      ),
    ).toMatchObject({ recoveryMethod: 'privy' })
  })

  test('error: an app that does not offer Google Drive recovery refuses the upload (403 disallowed_login_method)', async () => {
    const passwordOnly = await createAppRecord(t.db, {
      name: 'Password-only recovery',
      allowedOrigins: ['http://localhost:*'],
      settings: { embedded_wallet_config: { user_owned_recovery_options: ['user-passcode'] } },
      masterKey: t.masterKey,
    })
    const accessToken = (await t.signIn('drive-not-offered@example.com', passwordOnly.id)).token!
    const laptop = device(passwordOnly.id)
    const wallet = ok(await laptop.send('privy:wallets:create', { accessToken }))
    const ref = { accessToken, chainType: 'ethereum', entropyId: wallet.address }
    const refused = await laptop.send('privy:wallets:set-recovery', {
      ...ref,
      recoveryMethod: 'google-drive',
      recoveryAccessToken: await googleToken(google),
    })
    expect(refused).toMatchObject({ error: { type: 'error' } })
    expect(JSON.stringify(refused)).toContain('Google Drive recovery not allowed.')
    // The route itself: 403 disallowed_login_method; the wallet stays on automatic recovery.
    const direct = await laptop.api
      .setRecovery(accessToken, {
        chain_type: 'ethereum',
        entropy_id: wallet.address as string,
        auth_share: Buffer.alloc(33, 1).toString('base64'),
        recovery: {
          recovery_method: 'google-drive',
          ciphertext: Buffer.alloc(49, 2).toString('base64'),
          iv: Buffer.alloc(12, 3).toString('base64'),
          secret_file_name: `foyer-recovery-secret-${'ab'.repeat(16)}.json`,
        },
      })
      .catch((error: unknown) => error)
    expect(direct).toMatchObject({ status: 403, code: 'disallowed_login_method' })
    // Nor may a new or imported wallet start on Google Drive there (refused before its address proof is read).
    const googleDriveUpload = cloudRecoveryUpload({
      recovery_method: 'google-drive' as const,
      secret_file_name: `foyer-recovery-secret-${'cd'.repeat(16)}.json`,
    })
    for (const upload of [laptop.api.createWallet, laptop.api.importWallet])
      expect(await upload(accessToken, googleDriveUpload).catch((error: unknown) => error)).toMatchObject({
        status: 403,
        code: 'disallowed_login_method',
      })
    expect(ok(await laptop.send('privy:wallets:connect', ref))).toMatchObject({ recoveryMethod: 'privy' })
  })
})

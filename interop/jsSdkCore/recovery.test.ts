import { randomUUID } from 'node:crypto'
import type Privy from '@privy-io/js-sdk-core'
import { verifyMessage } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { createClient } from '../support/createClient'
import { attachWalletFrame, closeFrameBrowser } from '../support/frameBridge'
import { hostToken } from '../support/hostToken'

afterAll(closeFrameBrowser)

type EthereumWallet = Parameters<Privy['embeddedWallet']['getEthereumProvider']>[0]['wallet']

/** A client signed in as the host's user `subject` (custom JWT), with its own wallet frame (its own device). */
async function deviceOf(subject: string): Promise<Privy> {
  const client = await createClient()
  await client.auth.customProvider.syncWithToken(hostToken(subject))
  await attachWalletFrame(client)
  return client
}

function embeddedWallet(user: Awaited<ReturnType<Privy['user']['get']>>['user']): EthereumWallet {
  const wallet = user.linked_accounts.find(
    (account) => account.type === 'wallet' && account.wallet_client_type === 'privy',
  )
  if (!wallet) throw new Error('the user has no embedded wallet')
  return wallet as EthereumWallet
}

describe('js-sdk-core: embedded-wallet recovery (Foyer frame in Chromium, the client in Node)', () => {
  const subject = `recovery-${randomUUID()}`
  const password = 'correct horse battery staple'
  let wallet: EthereumWallet
  /** The second device, once it has recovered the wallet. */
  let recovered: Privy

  test('embeddedWallet.setRecovery (user-passcode): the wallet is protected by the user’s password', async () => {
    const client = await deviceOf(subject)
    const { user } = await client.embeddedWallet.create({})
    const { user: updated } = await client.embeddedWallet.setRecovery({
      wallet: embeddedWallet(user),
      recoveryMethod: 'user-passcode',
      password,
    })
    wallet = embeddedWallet(updated)
    expect(wallet.recovery_method).toBe('user-passcode')
    expect(wallet.address).toBe(embeddedWallet(user).address)
  })

  test('a new device: getEthereumProvider with the recovery password recovers the wallet and signs', async () => {
    recovered = await deviceOf(subject)
    const provider = await recovered.embeddedWallet.getEthereumProvider({
      wallet,
      entropyId: wallet.address,
      entropyIdVerifier: 'ethereum-address-verifier',
      recoveryPassword: password,
    })
    const message = 'Recovered on a new device'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [message, wallet.address],
    })) as `0x${string}`
    expect(await verifyMessage({ address: wallet.address as `0x${string}`, message, signature })).toBe(true)
  })

  // On a device that holds the wallet (a device without it recovers first: connect answers
  // `wallet_not_on_device` for a password-protected wallet).
  test('embeddedWallet.setRecovery (privy) on the recovered device: back to automatic recovery', async () => {
    const { user } = await recovered.embeddedWallet.setRecovery({ wallet, recoveryMethod: 'privy' })
    expect(embeddedWallet(user).recovery_method).toBe('privy')
  })
})

// Google Drive recovery's OAuth flow (docs/recovery-oauth.md): the demo app offers Google Drive, so the client's
// call gets Google's authorization URL for the `drive.appdata` scope, with the client's own PKCE challenge.
describe('js-sdk-core: Google Drive recovery', () => {
  test('recovery.auth.generateURL: Google’s authorization URL for drive.appdata, with PKCE S256', async () => {
    const client = await createClient()
    await client.auth.customProvider.syncWithToken(hostToken(`drive-${randomUUID()}`))
    const { url } = await client.recovery.auth.generateURL('http://localhost:5173/')
    const query = new URL(url).searchParams
    expect(query.get('scope')?.split(' ')).toContain('https://www.googleapis.com/auth/drive.appdata')
    expect(query.get('code_challenge_method')).toBe('S256')
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(query.get('state')).toBeTruthy()
  })
})

// The recovery key material for the app's own page: no route on Foyer (docs/interop.md); refused with 404
// `not_found`, not a server error.
describe('js-sdk-core: recovery calls without a route on Foyer', () => {
  test('recovery.getRecoveryKeyMaterial: 404 not_found', async () => {
    const client = await createClient()
    await client.auth.customProvider.syncWithToken(hostToken(`norecovery-${randomUUID()}`))
    const failure = await client.recovery
      .getRecoveryKeyMaterial('0x0000000000000000000000000000000000000001', 'ethereum')
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(failure).toMatchObject({ status: 404, code: 'not_found' })
  })
})

// iCloud recovery (docs/recovery-icloud.md) reaches its routes; the interop app (the demo app) has no iCloud
// container, so both calls are refused with 403 `disallowed_login_method`, never a server error.
describe('js-sdk-core: iCloud recovery calls in an app without iCloud', () => {
  const calls: Array<[string, (client: Privy) => Promise<unknown>]> = [
    ['recovery.icloudAuth.init', (client) => client.recovery.icloudAuth.init('web')],
    [
      'recovery.icloudAuth.getICloudConfiguration',
      (client) => client.recovery.icloudAuth.getICloudConfiguration('web'),
    ],
  ]
  test.each(calls)('%s: 403 disallowed_login_method', async (_name, call) => {
    const client = await createClient()
    await client.auth.customProvider.syncWithToken(hostToken(`noicloud-${randomUUID()}`))
    const failure = await call(client).then(
      () => null,
      (error: unknown) => error,
    )
    expect(failure).toMatchObject({ status: 403, code: 'disallowed_login_method' })
  })
})

import { webcrypto } from 'node:crypto'
import { DELEGATED_SHARE_HPKE_INFO, delegatedShareAad } from '@foyer/protocol'
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import type { Request } from 'playwright-core'
import { combine } from 'shamir-secret-sharing'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { beforeAll, describe, expect, test } from 'vitest'
import { axeViolations } from './support/axe'
import { context, page, useBrowser } from './support/browserPage'
import { approveSignMessage, readWalletAddress } from './support/embeddedWallet'
import { type SharedStackApp, stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// Delegated actions in Chromium on anvil (docs/delegated-actions.md): the user accepts the consent screen,
// the demo's back end sends from the wallet with @foyer/node while no page is open, the policy's daily limit
// refuses a second send, and after 'Revoke permission' the back end is refused and the delegated share no
// longer combines with the wallet's new shares, while the user still signs.
const DEMO_APP_ID = 'foyerdemoapp0000000000000'
const DAILY_LIMIT = parseEther('0.01')

useSharedStack()
useBrowser({ page: 'file', timeout: 20_000 })

/** The address index 0 of an entropy derives (the wallet's address). */
function addressOf(entropy: Uint8Array): string {
  return mnemonicToAccount(entropyToMnemonic(entropy, wordlist)).address
}

/** The address two shares rebuild, or `null` when they do not combine to a valid entropy. */
async function combinedAddress(shares: Uint8Array[]): Promise<string | null> {
  try {
    return addressOf(await combine(shares))
  } catch {
    return null
  }
}

/** The JSON body of a captured request. */
function bodyOf(request: Request): Record<string, unknown> {
  return JSON.parse(request.postData() ?? '{}') as Record<string, unknown>
}

const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

/**
 * The device share of a consent's ciphertext, opened as the signer does (its private key, the terms the
 * frame read as additional data): what the server never sees.
 */
async function openConsent(
  encrypted: { encapsulated_key: string; ciphertext: string },
  binding: Parameters<typeof delegatedShareAad>[0],
): Promise<Uint8Array> {
  const suite = new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes256Gcm(),
  })
  const recipientKey = await suite.kem.deserializePrivateKey(
    fromBase64(stack.signerPrivateKey).buffer as ArrayBuffer,
  )
  const plain = await suite.open(
    {
      recipientKey,
      enc: fromBase64(encrypted.encapsulated_key).buffer as ArrayBuffer,
      info: new TextEncoder().encode(DELEGATED_SHARE_HPKE_INFO),
    },
    fromBase64(encrypted.ciphertext).buffer as ArrayBuffer,
    delegatedShareAad(binding),
  )
  return new Uint8Array(plain)
}

/** The recovery share an automatic-recovery upload carries, decrypted with its key (AAD with the lower-case entropy id). */
async function decryptRecoveryShare(upload: Record<string, unknown>, entropyId: string): Promise<Uint8Array> {
  const recovery = upload.recovery as { recovery_key: string; ciphertext: string; iv: string }
  const key = await webcrypto.subtle.importKey('raw', fromBase64(recovery.recovery_key), 'AES-GCM', false, [
    'decrypt',
  ])
  const plain = await webcrypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64(recovery.iv),
      additionalData: new TextEncoder().encode(`foyer-recovery-share:v1:ethereum:${entropyId.toLowerCase()}`),
    },
    key,
    fromBase64(recovery.ciphertext),
  )
  return new Uint8Array(plain)
}

describe('delegated actions in Chromium', () => {
  let app: SharedStackApp
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  const chain = () => createPublicClient({ chain: anvil, transport: http(stack.chains.anvil.rpcUrl) })
  const backEnd = async (path: string, body?: unknown) => {
    const response = await fetch(new URL(path, stack.demoUrl), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, string> }
  }
  const sendFromBackEnd = (userId: string, valueWei: bigint) =>
    backEnd('/api/delegated/send', { userId, to: recipient, valueWei: String(valueWei) })

  let address: `0x${string}`
  let userId: string
  let delegatedShare: Uint8Array

  beforeAll(async () => {
    // An app of this file: the demo's settings with the demo back end's key and the policy 'send at most
    // 0.01 ETH a day to one address'.
    const { body } = await backEnd('/api/delegated/authorization-key')
    app = await stack.createApp({
      name: 'Foyer Demo (delegated actions)',
      copyOf: DEMO_APP_ID,
      settings: {
        delegated_actions: {
          authorization_public_keys: [body.publicKey as string],
          daily_value_limit_wei: String(DAILY_LIMIT),
          policy: {
            version: '1.0',
            name: 'Small sends to one address',
            chain_type: 'ethereum',
            rules: [
              {
                name: 'Send at most 0.01 ETH to the recipient',
                method: 'eth_sendTransaction',
                action: 'ALLOW',
                conditions: [
                  { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: recipient },
                  {
                    field_source: 'ethereum_transaction',
                    field: 'value',
                    operator: 'lte',
                    value: String(DAILY_LIMIT),
                  },
                ],
              },
            ],
          },
        },
      },
    })
  })

  test('default: consent in the modal, then the back end sends 0.005 ETH with the page closed; over the daily limit it is refused', async () => {
    const delegations: Request[] = []
    const terms: Record<string, unknown>[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/embedded_wallets/delegate'))
        delegations.push(request)
    })
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname === '/api/v1/embedded_wallets/delegations' && response.ok())
        terms.push((await response.json()) as Record<string, unknown>)
    })
    await openDemo(page, `${stack.demoUrl}?appId=${app.id}`)
    await signInWithEmail(page, stack.apiUrl, freshEmail('delegated'))
    address = await readWalletAddress(page)
    await chain().request({
      method: 'anvil_setBalance' as never,
      params: [address, `0x${parseEther('1').toString(16)}`] as never,
    })
    await expect.poll(() => page.getByTestId('delegated-status').textContent()).toBe('false')

    await page.getByRole('button', { name: 'Enable delegated actions' }).click()
    const dialog = page.getByRole('dialog', { name: 'Enable delegated actions' })
    const rules = dialog.getByRole('list', { name: /within these limits/ })
    await expect.poll(() => rules.textContent()).toContain('Allowed: send transactions')
    expect(await rules.textContent()).toContain(`Recipient is ${recipient}`)
    expect(await rules.textContent()).toContain('At most 0.01 ETH a day')
    expect(await axeViolations(page, '[role=dialog]')).toEqual([])
    await dialog.getByRole('button', { name: 'Accept' }).click()
    // The result screen titles the dialog, then it closes.
    await page.getByRole('dialog').getByRole('heading', { name: 'Delegated actions enabled' }).waitFor()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('delegated-status').textContent()).toBe('true')
    userId = (await page.getByTestId('delegated-user-id').textContent()) as string
    expect(delegations).toHaveLength(1)
    // The frame sent the device share encrypted to the signer only; the signer's key opens it with the terms
    // the frame read (the last read before the consent).
    const sent = bodyOf(delegations[0]!)
    expect(Object.keys(sent).sort()).toEqual([
      'chain_type',
      'encrypted_share',
      'entropy_id',
      'wallet_indexes',
    ])
    const read = terms.at(-1)!
    delegatedShare = await openConsent(sent.encrypted_share as never, {
      appId: app.id,
      userId,
      chainType: 'ethereum',
      entropyId: address,
      policy: read.policy,
      dailyLimit: read.daily_value_limit_wei as string,
    })

    // The user is away: no page open, the session and device share stay in the browser's profile.
    await page.close()
    const before = await chain().getBalance({ address: recipient })
    const sentNow = await sendFromBackEnd(userId, parseEther('0.005'))
    expect(sentNow.status).toBe(200)
    const receipt = await chain().waitForTransactionReceipt({ hash: sentNow.body.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await chain().getBalance({ address: recipient })).toBe(before + parseEther('0.005'))

    const over = await sendFromBackEnd(userId, parseEther('0.01'))
    expect(over.status).toBe(403)
    expect(over.body).toMatchObject({ code: 'policy_violation' })
    expect(over.body.error).toMatch(/daily limit of 10000000000000000 wei/)
    expect(await chain().getBalance({ address: recipient })).toBe(before + parseEther('0.005'))
  })

  test('behavior: after Revoke permission the back end is refused, the delegated share combines with no new share, and the user still signs', async () => {
    const userPage = await context.newPage()
    userPage.setDefaultTimeout(20_000)
    const reshares: Request[] = []
    userPage.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/embedded_wallets/recovery'))
        reshares.push(request)
    })
    await openDemo(userPage, `${stack.demoUrl}?appId=${app.id}`)
    await expect.poll(() => userPage.getByTestId('delegated-status').textContent()).toBe('true')
    await userPage.getByRole('button', { name: 'Revoke' }).click()
    const dialog = userPage.getByRole('dialog', { name: 'Revoke permission' })
    await dialog.getByRole('button', { name: 'Confirm' }).waitFor()
    expect(await axeViolations(userPage, '[role=dialog]')).toEqual([])
    // By keyboard: Confirm takes the focus and Enter presses it.
    await dialog.getByRole('button', { name: 'Confirm' }).focus()
    await userPage.keyboard.press('Enter')
    await userPage.getByRole('dialog').getByRole('heading', { name: 'Permission revoked' }).waitFor()
    await userPage.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => userPage.getByTestId('delegated-status').textContent()).toBe('false')

    const refused = await sendFromBackEnd(userId, parseEther('0.001'))
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'user_has_not_delegated_wallet' })

    // The reshare uploaded a new auth share and a new recovery share: together they rebuild the wallet, but
    // the old delegated share rebuilds it with neither.
    expect(reshares).toHaveLength(1)
    const upload = bodyOf(reshares[0]!)
    const authShare = fromBase64(upload.auth_share as string)
    const recoveryShare = await decryptRecoveryShare(upload, address)
    expect(await combinedAddress([authShare, recoveryShare])).toBe(address)
    expect(await combinedAddress([delegatedShare, authShare])).not.toBe(address)
    expect(await combinedAddress([delegatedShare, recoveryShare])).not.toBe(address)

    // The user's own signing works with the new shares.
    const signature = await approveSignMessage(userPage, { open: true })
    expect(await verifyMessage({ address, message: 'Hello from the Foyer demo', signature })).toBe(true)
    await userPage.close()
  })
})

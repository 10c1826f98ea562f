import { randomBytes } from 'node:crypto'
import { DEMO_APP_ID, updateAppSettings } from '@foyer/server'
import { type SignedKeyRequestStandIn, startSignedKeyRequestStandIn } from '@foyer/server/testing'
import { ed25519 } from '@noble/curves/ed25519.js'
import type { Page } from 'playwright-core'
import { hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { page, useBrowser } from './support/browserPage'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

// The Farcaster signer in Chromium (docs/modal.md, docs/api.md): the wallet frame makes the ed25519 key,
// the server signs the key request with the app's Farcaster account, the stand-in of the Farcaster client's
// signed-key-request API approves it, and a message hash signed in the frame verifies with the public key.
const developerKey = generatePrivateKey()
const DEVELOPER_FID = 9152
const USER_FID = 4242
let farcaster: SignedKeyRequestStandIn
let stack: Stack
useBrowser({ page: 'file', timeout: 20_000 })

beforeAll(async () => {
  farcaster = await startSignedKeyRequestStandIn({
    custody: { [DEVELOPER_FID]: privateKeyToAccount(developerKey).address },
  })
  stack = await startStack({ farcasterSigner: { apiUrl: farcaster.apiUrl } })
  await updateAppSettings(
    stack.db,
    DEMO_APP_ID,
    {
      farcaster_developer_account: { fid: DEVELOPER_FID, custody_private_key: developerKey },
    },
    stack.masterKey,
  )
}, 120_000)
afterAll(async () => {
  await stack?.close()
  await farcaster?.close()
})

/** Links a Farcaster account (fid) to the user in the server's database (Farcaster sign-in is another flow). */
async function linkFarcasterAccount(userId: string, fid: number) {
  const client = stack.db.driver.$client as { query(text: string, params: unknown[]): Promise<unknown> }
  await client.query(
    `insert into linked_accounts (id, app_id, user_id, type, subject, details, verified_at, first_verified_at, latest_verified_at, created_at)
     values ($1, $2, $3, 'farcaster', $4, $5, now(), now(), now(), now())`,
    [
      randomBytes(12).toString('hex').slice(0, 25),
      DEMO_APP_ID,
      userId,
      String(fid),
      JSON.stringify({ owner_address: privateKeyToAccount(generatePrivateKey()).address }),
    ],
  )
}

async function signFarcasterMessage(page: Page) {
  await page.getByRole('button', { name: 'Sign a Farcaster message' }).click()
  const signature = page.getByTestId('farcaster-signature')
  await expect.poll(() => signature.textContent()).toMatch(/^0x[0-9a-f]{128}$/)
  return {
    hash: (await page.getByTestId('farcaster-message-hash').textContent()) as `0x${string}`,
    signature: (await signature.textContent()) as `0x${string}`,
  }
}

describe('Farcaster signer in Chromium', () => {
  let publicKey: `0x${string}`

  test('default: requested in the modal, approved in the Farcaster app, then used to sign', async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('farcaster'))
    await page.getByTestId('wallet-address').waitFor({ timeout: 30_000 })
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}') as { id: string }
    await linkFarcasterAccount(user.id.replace('did:foyer:', ''), USER_FID)
    await openDemo(page, stack.demoUrl) // the session refresh brings the Farcaster account
    await expect.poll(() => page.getByTestId('farcaster-fid').textContent()).toBe(String(USER_FID))
    expect(await page.getByTestId('farcaster-signer-public-key').textContent()).toBe('none')

    await page.getByRole('button', { name: 'Add a Farcaster signer' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a signer to Farcaster' })
    await dialog.getByRole('img', { name: /QR code to approve the signer/ }).waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    const request = farcaster.requests.at(-1)
    expect(request).toMatchObject({ requestFid: DEVELOPER_FID, state: 'pending' })
    expect(await dialog.getByRole('link', { name: 'Open the Farcaster app' }).getAttribute('href')).toBe(
      `farcaster://signed-key-request?token=${request?.token}`,
    )
    publicKey = request?.key as `0x${string}`

    farcaster.approve(publicKey, USER_FID)
    // The screen's heading names the dialog: 'Success!' once approved, then the modal closes.
    const success = page.getByRole('dialog', { name: 'Success!' })
    await success.waitFor()
    await success.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('farcaster-signer-public-key').textContent()).toBe(publicKey)
    const linked = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
    expect(linked.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: USER_FID, signer_public_key: publicKey }),
    )

    const { hash, signature } = await signFarcasterMessage(page)
    expect(ed25519.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(publicKey))).toBe(true)
  })

  test('behavior: the signer key survives a reload of the page (kept in the frame origin)', async () => {
    await openDemo(page, stack.demoUrl)
    await expect.poll(() => page.getByTestId('farcaster-signer-public-key').textContent()).toBe(publicKey)
    const { hash, signature } = await signFarcasterMessage(page)
    expect(ed25519.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(publicKey))).toBe(true)
    // The host page never holds key material: no storage of the host origin mentions the signer.
    const hostStorage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(hostStorage).not.toContain('farcaster')
  })
})

import {
  ACCOUNT_TRANSFER_NONCE_TTL_SECONDS,
  type AccountTransferData,
  type AuthResponse,
  accountTransferDataSchema,
  authResponseSchema,
  userSchema,
  usersMeResponseSchema,
} from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { randomId } from '../../crypto/randomId'
import { giveEmbeddedWallet } from '../../test/giveEmbeddedWallet'
import { useTestContext } from '../../test/useTestContext'
import { testSignIn } from '../../testing/siwe/testSignIn'
import { mfaMethods } from '../mfa/schema'
import { toE164 } from '../sms/phoneNumber'
import { users } from '../users/schema'
import { embeddedWallets, walletEntropies } from '../wallets/schema'
import { offerAccountTransfer } from './offerAccountTransfer'
import { transferAccount } from './service'

const t = useTestContext()
let counter = 0
const ORIGIN = 'http://localhost:5173'
const freshEmail = () => `transfer${++counter}@example.com`
const freshNumber = () => `+1415${String(5_600_000 + ++counter).padStart(7, '0')}`
const { newAccount, solanaKey, signedSiwe, signedSiws } = testSignIn(() => t)

function post(url: string, json: unknown, bearer?: string) {
  return t.request({ method: 'POST', url, json, bearer, headers: { origin: ORIGIN } })
}
const userIdOf = (auth: AuthResponse) => auth.user.id.slice('did:foyer:'.length)
const userExists = async (auth: AuthResponse) =>
  (
    await t.db.orm
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userIdOf(auth)))
  ).length === 1

/** Expects the 400 `account_transfer_required` answer and returns its transfer data. */
function transferData(response: { statusCode: number; body: string; json(): unknown }): AccountTransferData {
  expect(response.statusCode, response.body).toBe(400)
  const body = response.json() as { error: string; code: string; data: unknown }
  expect(body.code).toBe('account_transfer_required')
  expect(body.error).toBe('Account transfer required')
  return accountTransferDataSchema.parse(body.data)
}

/** Signs in (or up) with a texted code to `phoneNumber`. */
async function phoneSignIn(phoneNumber = freshNumber()): Promise<AuthResponse> {
  expect((await post('/api/v1/passwordless_sms/init', { phoneNumber })).statusCode).toBe(200)
  const [message] = await t.mailbox(toE164(phoneNumber))
  const response = await post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: message?.code })
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json())
}

/** `me` links the email `email` (sent a link code): the raw answer. */
async function linkEmail(email: string, me: AuthResponse) {
  const init = await post('/api/v1/passwordless/init', { email }, me.token as string)
  expect(init.statusCode, init.body).toBe(200)
  const [message] = await t.mailbox(email)
  return post('/api/v1/passwordless/link', { email, code: message?.code }, me.token as string)
}

/** `me` (signed in with a phone) links the email another user holds: the conflict's transfer data. */
async function emailConflict(email: string, me: AuthResponse): Promise<AccountTransferData> {
  return transferData(await linkEmail(email, me))
}

/** `me` links the phone number another user holds (sent a link code): the conflict's transfer data. */
async function phoneConflict(phoneNumber: string, me: AuthResponse): Promise<AccountTransferData> {
  const init = await post('/api/v1/passwordless_sms/init', { phoneNumber }, me.token as string)
  expect(init.statusCode, init.body).toBe(200)
  const [message] = await t.mailbox(toE164(phoneNumber))
  return transferData(
    await post('/api/v1/passwordless_sms/link', { phoneNumber, code: message?.code }, me.token as string),
  )
}

/** An embedded Ethereum wallet row for the user (what the wallet frame's create leaves on the server). */
function giveEthereumWallet(auth: AuthResponse): Promise<string> {
  const now = new Date(t.now())
  return giveEmbeddedWallet(t.db, { appId: t.demoApp.id, userId: userIdOf(auth), chainType: 'ethereum', now })
}

/** An SMS second factor for the user (what `mfa/passwordless_sms/enroll` leaves). */
async function giveSmsFactor(auth: AuthResponse): Promise<void> {
  const now = new Date(t.now())
  await t.db.orm.insert(mfaMethods).values({
    id: randomId(),
    appId: t.demoApp.id,
    userId: userIdOf(auth),
    type: 'sms',
    phoneNumber: freshNumber(),
    verifiedAt: now,
    createdAt: now,
  })
}

describe('passwordless/transfer', () => {
  test('default: the email moves to the caller; a holder left with nothing is deleted and its sessions are dead', async () => {
    const email = freshEmail()
    const owner = await t.signIn(email)
    const me = await phoneSignIn()
    const data = await emailConflict(email, me)
    expect(data).toEqual({
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      subject: email,
      account: { displayName: email },
      otherUser: { embeddedWalletAddress: null },
    })

    const response = await post(
      '/api/v1/passwordless/transfer',
      { nonce: data.nonce, email },
      me.token as string,
    )
    expect(response.statusCode, response.body).toBe(200)
    const user = userSchema.parse(response.json())
    expect(user.id).toBe(me.user.id)
    expect(user.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'email', address: email })]),
    )
    expect(user.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'phone'])
    expect(await userExists(owner)).toBe(false)

    // The other user's refresh token and access token no longer work.
    const refresh = await post('/api/v1/sessions', { refresh_token: owner.refresh_token })
    expect(refresh.statusCode).toBe(401)
    const meCall = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: owner.token as string })
    expect(meCall.statusCode).toBe(401)
    // Signing in with the address now opens the caller's user (after the code cooldown).
    t.advance(31_000)
    expect((await t.signIn(email)).user.id).toBe(me.user.id)
  })

  test('behavior: a holder with a second factor and an embedded wallet is kept with both; only the email moves, and the offer does not disclose the wallet', async () => {
    const email = freshEmail()
    const owner = await t.signIn(email)
    const walletAddress = await giveEthereumWallet(owner)
    await giveSmsFactor(owner)
    const me = await phoneSignIn()
    const data = await emailConflict(email, me)
    expect(data.otherUser).toEqual({ embeddedWalletAddress: null })
    expect(JSON.stringify(data)).not.toContain(walletAddress)

    const response = await post(
      '/api/v1/passwordless/transfer',
      { nonce: data.nonce, email },
      me.token as string,
    )
    expect(response.statusCode, response.body).toBe(200)
    const accounts = userSchema.parse(response.json()).linked_accounts
    expect(accounts.map((a) => a.type).sort()).toEqual(['email', 'phone'])
    // The holder, its factor, its wallet and its wallet's shares are all still there.
    expect(await userExists(owner)).toBe(true)
    const factors = await t.db.orm
      .select()
      .from(mfaMethods)
      .where(eq(mfaMethods.userId, userIdOf(owner)))
    expect(factors).toHaveLength(1)
    const wallets = await t.db.orm
      .select({ userId: embeddedWallets.userId })
      .from(embeddedWallets)
      .where(eq(embeddedWallets.address, walletAddress))
    expect(wallets).toEqual([{ userId: userIdOf(owner) }])
    const shares = await t.db.orm
      .select({ id: walletEntropies.id })
      .from(walletEntropies)
      .where(eq(walletEntropies.userId, userIdOf(owner)))
    expect(shares).toHaveLength(1)
    // The holder keeps its session (it may link another way in); the email now opens the caller's user.
    const refresh = await post('/api/v1/sessions', { refresh_token: owner.refresh_token })
    expect(refresh.statusCode, refresh.body).toBe(200)
    const held = userSchema.parse(authResponseSchema.parse(refresh.json()).user)
    expect(held.linked_accounts.some((a) => a.type === 'email')).toBe(false)
    expect(held.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'wallet', address: walletAddress })]),
    )
    t.advance(31_000)
    expect((await t.signIn(email)).user.id).toBe(me.user.id)
  })

  test('behavior: a holder with a wallet only (no factor) is kept with it', async () => {
    const email = freshEmail()
    const owner = await t.signIn(email)
    const walletAddress = await giveEthereumWallet(owner)
    const me = await phoneSignIn()
    const data = await emailConflict(email, me)
    const response = await post(
      '/api/v1/passwordless/transfer',
      { nonce: data.nonce, email },
      me.token as string,
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(await userExists(owner)).toBe(true)
    const wallets = await t.db.orm
      .select({ userId: embeddedWallets.userId })
      .from(embeddedWallets)
      .where(eq(embeddedWallets.address, walletAddress))
    expect(wallets).toEqual([{ userId: userIdOf(owner) }])
  })

  test('behavior: a holder with other accounts keeps them and its sessions; only the transferred account moves', async () => {
    const number = freshNumber()
    const owner = await phoneSignIn(number)
    const email = freshEmail()
    const linked = await linkEmail(email, owner)
    expect(linked.statusCode, linked.body).toBe(200)
    const me = await t.signIn()
    const data = await phoneConflict(number, me)
    const response = await post(
      '/api/v1/passwordless_sms/transfer',
      { nonce: data.nonce, phoneNumber: number },
      me.token as string,
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(await userExists(owner)).toBe(true)
    // The owner's session (kept by its link) still holds its email.
    const held = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: owner.token as string })
    expect(held.statusCode, held.body).toBe(200)
    expect(usersMeResponseSchema.parse(held.json()).user.linked_accounts.map((a) => a.type)).toEqual([
      'email',
    ])
    t.advance(31_000)
    expect((await t.signIn(email)).user.id).toBe(owner.user.id)
  })

  test('error: a replayed nonce', async () => {
    const email = freshEmail()
    await t.signIn(email)
    const me = await phoneSignIn()
    const data = await emailConflict(email, me)
    const body = { nonce: data.nonce, email }
    expect((await post('/api/v1/passwordless/transfer', body, me.token as string)).statusCode).toBe(200)
    const again = await post('/api/v1/passwordless/transfer', body, me.token as string)
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual({
      error: 'Invalid or expired account transfer nonce',
      code: 'invalid_credentials',
    })
  })

  test('error: an expired nonce', async () => {
    const email = freshEmail()
    const owner = await t.signIn(email)
    const me = await phoneSignIn()
    const data = await emailConflict(email, me)
    t.advance((ACCOUNT_TRANSFER_NONCE_TTL_SECONDS + 1) * 1000)
    const response = await post(
      '/api/v1/passwordless/transfer',
      { nonce: data.nonce, email },
      me.token as string,
    )
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_credentials')
    expect(await userExists(owner)).toBe(true)
  })

  test('error: the nonce of another user', async () => {
    const email = freshEmail()
    const owner = await t.signIn(email)
    const me = await phoneSignIn()
    const intruder = await phoneSignIn()
    const data = await emailConflict(email, me)
    const stolen = await post(
      '/api/v1/passwordless/transfer',
      { nonce: data.nonce, email },
      intruder.token as string,
    )
    expect(stolen.statusCode).toBe(401)
    expect(stolen.json().code).toBe('invalid_credentials')
    expect(await userExists(owner)).toBe(true)
    // Not spent by the refusal: its own user still can.
    const mine = await post('/api/v1/passwordless/transfer', { nonce: data.nonce, email }, me.token as string)
    expect(mine.statusCode, mine.body).toBe(200)
  })

  test('error: the nonce of another account', async () => {
    const email = freshEmail()
    const other = freshEmail()
    const owner = await t.signIn(email)
    const otherOwner = await t.signIn(other)
    const me = await phoneSignIn()
    const data = await emailConflict(email, me)
    const wrong = await post(
      '/api/v1/passwordless/transfer',
      { nonce: data.nonce, email: other },
      me.token as string,
    )
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().code).toBe('invalid_credentials')
    // Nor through another route's type.
    const asPhone = await post(
      '/api/v1/passwordless_sms/transfer',
      { nonce: data.nonce, phoneNumber: '+14155550100' },
      me.token as string,
    )
    expect(asPhone.statusCode).toBe(401)
    expect(await userExists(owner)).toBe(true)
    expect(await userExists(otherOwner)).toBe(true)
  })

  test('error: a made-up nonce, no session', async () => {
    const me = await phoneSignIn()
    const madeUp = await post(
      '/api/v1/passwordless/transfer',
      { nonce: 'x'.repeat(43), email: freshEmail() },
      me.token as string,
    )
    expect(madeUp.statusCode).toBe(401)
    expect(madeUp.json().code).toBe('invalid_credentials')
    const anonymous = await post('/api/v1/passwordless/transfer', {
      nonce: 'x'.repeat(43),
      email: freshEmail(),
    })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().code).toBe('missing_or_invalid_token')
  })

  test('error: the caller linked an email meanwhile → cannot_link_more_of_type, nothing moves', async () => {
    const email = freshEmail()
    const owner = await t.signIn(email)
    const me = await phoneSignIn()
    const data = await emailConflict(email, me)
    const linked = await linkEmail(freshEmail(), me)
    expect(linked.statusCode, linked.body).toBe(200)
    const token = me.token as string
    const response = await post('/api/v1/passwordless/transfer', { nonce: data.nonce, email }, token)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'User already has an account of type email linked.',
      code: 'cannot_link_more_of_type',
    })
    expect(await userExists(owner)).toBe(true)
  })
})

describe('passwordless_sms/transfer', () => {
  test('default: the phone number moves; its display name is the number', async () => {
    const number = freshNumber()
    const owner = await phoneSignIn(number)
    const me = await t.signIn()
    const data = await phoneConflict(number, me)
    expect(data).toMatchObject({
      subject: number,
      account: { displayName: number },
      otherUser: { embeddedWalletAddress: null },
    })
    const response = await post(
      '/api/v1/passwordless_sms/transfer',
      { nonce: data.nonce, phoneNumber: number },
      me.token as string,
    )
    expect(response.statusCode, response.body).toBe(200)
    const accounts = userSchema.parse(response.json()).linked_accounts
    expect(accounts.find((a) => a.type === 'phone')).toMatchObject({ number })
    expect(accounts.map((a) => a.type).sort()).toEqual(['email', 'phone'])
    expect(await userExists(owner)).toBe(false)
  })
})

describe('siwe/transfer and siws/transfer', () => {
  test('default: an Ethereum wallet moves; its display name is the address', async () => {
    const account = newAccount()
    const owned = await post('/api/v1/siwe/authenticate', { ...(await signedSiwe(account)), chainId: 1 })
    const owner = authResponseSchema.parse(owned.json())
    const me = await t.signIn()
    const data = transferData(
      await post('/api/v1/siwe/link', { ...(await signedSiwe(account)), chainId: 1 }, me.token as string),
    )
    expect(data).toMatchObject({
      subject: account.address.toLowerCase(),
      account: { displayName: account.address },
    })
    const body = {
      nonce: data.nonce,
      address: account.address,
      walletClientType: 'metamask',
      connectorType: 'injected',
      chainId: 'eip155:1',
    }
    const response = await post('/api/v1/siwe/transfer', body, me.token as string)
    expect(response.statusCode, response.body).toBe(200)
    const accounts = userSchema.parse(response.json()).linked_accounts
    expect(accounts.find((a) => a.type === 'wallet')).toMatchObject({ address: account.address })
    expect(accounts.map((a) => a.type).sort()).toEqual(['email', 'wallet'])
    expect(await userExists(owner)).toBe(false)
  })

  test('error: a wallet transfer without wallet parameters', async () => {
    const account = newAccount()
    const owner = authResponseSchema.parse(
      (await post('/api/v1/siwe/authenticate', { ...(await signedSiwe(account)), chainId: 1 })).json(),
    )
    const me = await t.signIn()
    const data = transferData(
      await post('/api/v1/siwe/link', { ...(await signedSiwe(account)), chainId: 1 }, me.token as string),
    )
    for (const metadata of [
      {},
      { walletClientType: 'metamask', connectorType: null },
      { walletClientType: null, connectorType: 'injected' },
    ]) {
      const response = await post(
        '/api/v1/siwe/transfer',
        { nonce: data.nonce, address: account.address, ...metadata },
        me.token as string,
      )
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: 'Wallet parameters must be defined', code: 'invalid_data' })
    }
    expect(await userExists(owner)).toBe(true)
  })

  test('default: a Solana wallet moves through siws/transfer, not siwe/transfer', async () => {
    const key = solanaKey()
    const owner = authResponseSchema.parse(
      (await post('/api/v1/siws/authenticate', await signedSiws(key))).json(),
    )
    const me = await t.signIn()
    const data = transferData(await post('/api/v1/siws/link', await signedSiws(key), me.token as string))
    expect(data).toMatchObject({ subject: key.address, account: { displayName: key.address } })
    const body = {
      nonce: data.nonce,
      address: key.address,
      walletClientType: 'phantom',
      connectorType: 'solana_adapter',
    }
    expect((await post('/api/v1/siws/transfer', body, me.token as string)).statusCode).toBe(200)
    expect(await userExists(owner)).toBe(false)
  })
})

describe('transfer account types', () => {
  test.each(['custom', 'guest', 'passkey'])(
    'error: %s is never transferred (Invalid transfer account type)',
    async (type) => {
      const owner = await t.signIn()
      const me = await phoneSignIn()
      const parameters = { appId: t.demoApp.id, userId: userIdOf(me), subject: 'x', now: new Date(t.now()) }
      await expect(
        offerAccountTransfer(t, { ...parameters, fromUserId: userIdOf(owner), type, details: {} }),
      ).rejects.toMatchObject({ code: 'invalid_data', message: 'Invalid transfer account type' })
      await expect(transferAccount(t, { ...parameters, nonce: 'n', types: [type] })).rejects.toMatchObject({
        code: 'invalid_data',
        message: 'Invalid transfer account type',
      })
    },
  )
})

import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { testSignIn } from '../../testing/siwe/testSignIn'
import { linkedAccounts, users } from './schema'

// docs/modal.md "Sign-in mode", docs/api.md (disableSignup per flow); docs/wire.md#oauth `mode`: with mode
// 'no-signup' an unknown account is refused with 404 user_does_not_exist and nothing is created (no user, no
// account row), on every method that can sign up; a known account signs in as usual. (Farcaster, Telegram,
// OAuth and cross-app answer the same code: see their own tests. Passkeys never sign up.)

const t = useTestContext()
let counter = 0
const web = { origin: 'http://localhost:5173' }
const { newAccount, solanaKey, signedSiwe, signedSiws } = testSignIn(() => t)

async function userCount(): Promise<number> {
  const [row] = await t.db.orm.select({ n: count() }).from(users).where(eq(users.appId, t.demoApp.id))
  return Number(row?.n ?? 0)
}

async function accountRows(subject: string): Promise<number> {
  const [row] = await t.db.orm
    .select({ n: count() })
    .from(linkedAccounts)
    .where(eq(linkedAccounts.subject, subject))
  return Number(row?.n ?? 0)
}

function post(url: string, json: unknown) {
  return t.request({ method: 'POST', url, json, headers: web })
}

/** Expects the refusal of docs/errors.md "User does not exist", with the app's user count unchanged. */
async function expectRefusedAndNothingCreated(
  attempt: () => Promise<{ statusCode: number; body: string; json(): unknown }>,
  subject: string,
) {
  const before = await userCount()
  const response = await attempt()
  expect(response.statusCode, response.body).toBe(404)
  expect(response.json()).toEqual({ error: 'User does not exist', code: 'user_does_not_exist' })
  expect(await userCount()).toBe(before)
  expect(await accountRows(subject)).toBe(0)
}

describe("mode 'no-signup' creates nothing (docs/modal.md, docs/api.md)", () => {
  test('error: email: an unknown address is refused; once signed up, the same mode signs it in', async () => {
    const email = `nosignup${++counter}@example.com`
    const code = await t.sendCode(email)
    await expectRefusedAndNothingCreated(
      () => post('/api/v1/passwordless/authenticate', { email, code, mode: 'no-signup' }),
      email,
    )
    t.advance(60_000)
    const signedUp = await t.signIn(email)
    t.advance(60_000)
    const again = await post('/api/v1/passwordless/authenticate', {
      email,
      code: await t.sendCode(email),
      mode: 'no-signup',
    })
    expect(again.statusCode, again.body).toBe(200)
    expect((again.json() as { user: { id: string }; is_new_user: boolean }).user.id).toBe(signedUp.user.id)
  })

  test('error: SIWE: an unknown Ethereum wallet is refused; once signed up, the same mode signs it in', async () => {
    const account = newAccount()
    const subject = account.address.toLowerCase()
    await expectRefusedAndNothingCreated(
      async () =>
        post('/api/v1/siwe/authenticate', { ...(await signedSiwe(account)), chainId: 1, mode: 'no-signup' }),
      subject,
    )
    const first = await post('/api/v1/siwe/authenticate', { ...(await signedSiwe(account)), chainId: 1 })
    expect(first.statusCode, first.body).toBe(200)
    const again = await post('/api/v1/siwe/authenticate', {
      ...(await signedSiwe(account)),
      chainId: 1,
      mode: 'no-signup',
    })
    expect(again.statusCode, again.body).toBe(200)
    expect((again.json() as { is_new_user: boolean }).is_new_user).toBe(false)
  })

  test('error: SIWS: an unknown Solana wallet is refused; once signed up, the same mode signs it in', async () => {
    const key = solanaKey()
    await expectRefusedAndNothingCreated(
      async () => post('/api/v1/siws/authenticate', { ...(await signedSiws(key)), mode: 'no-signup' }),
      key.address,
    )
    const first = await post('/api/v1/siws/authenticate', await signedSiws(key))
    expect(first.statusCode, first.body).toBe(200)
    const again = await post('/api/v1/siws/authenticate', { ...(await signedSiws(key)), mode: 'no-signup' })
    expect(again.statusCode, again.body).toBe(200)
    expect((again.json() as { is_new_user: boolean }).is_new_user).toBe(false)
  })

  test('error: an unknown mode value is 400 invalid_data, not a sign-up', async () => {
    const email = `nosignup${++counter}@example.com`
    const code = await t.sendCode(email)
    const before = await userCount()
    const response = await post('/api/v1/passwordless/authenticate', { email, code, mode: 'signup-please' })
    expect(response.statusCode, response.body).toBe(400)
    expect((response.json() as { code: string }).code).toBe('invalid_data')
    expect(await userCount()).toBe(before)
  })
})

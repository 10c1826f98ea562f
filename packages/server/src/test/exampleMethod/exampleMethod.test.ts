import { readdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { usersMeResponseSchema } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../createTestContext'
import {
  InviteCodeCallError,
  type InviteCodeClient,
  linkInviteCode,
  loginWithInviteCode,
  transferInviteCode,
  unlinkInviteCode,
} from './client'
import { inviteCode, resolveInviteCodeOptions } from './method'

const here = dirname(fileURLToPath(import.meta.url))
const repositoryRoot = join(here, '../../../../..')
const codes = { ada: 'ada-invite-1', bob: 'bob-invite-1', cyd: 'cyd-invite-1', dee: 'dee-invite-1' }

let t: TestContext
let client: InviteCodeClient
beforeAll(async () => {
  t = await createTestContext({ methods: [inviteCode({ codes })] })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = t.app.server.address() as AddressInfo
  client = { baseUrl: `http://127.0.0.1:${port}`, appId: t.demoApp.id }
}, 60_000)
afterAll(() => t?.close())

/** The error a client call rejects with (its status and code). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string | undefined }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof InviteCodeCallError))
    throw new Error(`expected a refused call, got ${String(error)}`)
  return { status: error.status, code: error.code }
}

/** `GET /api/v1/users/me` over HTTP with `token`: the session works when it answers the user. */
async function me(token: string): Promise<{ status: number; userId: string | undefined }> {
  const response = await fetch(new URL('/api/v1/users/me', client.baseUrl), {
    headers: { 'privy-app-id': client.appId, authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  })
  if (response.status !== 200) return { status: response.status, userId: undefined }
  return { status: 200, userId: usersMeResponseSchema.parse(await response.json()).user.id }
}

const inviteAccounts = (user: { linked_accounts: readonly { type: string }[] }) =>
  user.linked_accounts.filter((account) => account.type === 'custom_auth')

describe('the example sign-in method (docs/adding-a-sign-in-method.md), over HTTP', () => {
  test('default: an invite code signs up, then signs in the same user; its session works', async () => {
    const first = await loginWithInviteCode(client, { code: codes.ada })
    expect(first.is_new_user).toBe(true)
    expect(inviteAccounts(first.user)).toEqual([expect.objectContaining({ custom_user_id: 'ada' })])
    const again = await loginWithInviteCode(client, { code: codes.ada })
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(first.user.id)
    expect(await me(String(again.token))).toEqual({ status: 200, userId: first.user.id })
  })

  test('error: an unknown code is 401 invalid_credentials; a malformed body 400 invalid_data', async () => {
    expect(await refusal(loginWithInviteCode(client, { code: 'not-an-invite' }))).toEqual({
      status: 401,
      code: 'invalid_credentials',
    })
    expect(await refusal(loginWithInviteCode(client, { code: 'short' }))).toEqual({
      status: 400,
      code: 'invalid_data',
    })
  })

  test('default: link and unlink through the factory keep the session; no second invite; never the last account', async () => {
    const { user, token } = await t.signIn()
    const bearer = String(token)
    const linked = await linkInviteCode(client, { token: bearer, code: codes.bob })
    expect(linked.id).toBe(user.id)
    expect(inviteAccounts(linked)).toEqual([expect.objectContaining({ custom_user_id: 'bob' })])
    expect(await refusal(linkInviteCode(client, { token: bearer, code: codes.cyd }))).toEqual({
      status: 400,
      code: 'cannot_link_more_of_type',
    })
    const unlinked = await unlinkInviteCode(client, { token: bearer, member: 'bob' })
    expect(inviteAccounts(unlinked)).toEqual([])
    expect(await me(bearer)).toEqual({ status: 200, userId: user.id })
    expect(await refusal(unlinkInviteCode(client, { token: bearer, member: 'bob' }))).toEqual({
      status: 404,
      code: 'not_found',
    })

    const only = await loginWithInviteCode(client, { code: codes.cyd })
    expect(await refusal(unlinkInviteCode(client, { token: String(only.token), member: 'cyd' }))).toEqual({
      status: 400,
      code: 'cannot_unlink_sole_account',
    })
  })

  test('default: a link of an account another user holds offers the transfer; the transfer moves it', async () => {
    const holder = await loginWithInviteCode(client, { code: codes.dee })
    const { user, token } = await t.signIn()
    const bearer = String(token)
    const offered = await linkInviteCode(client, { token: bearer, code: codes.dee }).catch(
      (error: unknown) => error,
    )
    expect(offered).toBeInstanceOf(InviteCodeCallError)
    const { status, code, body } = offered as InviteCodeCallError
    expect({ status, code }).toEqual({ status: 400, code: 'account_transfer_required' })
    const { nonce } = (body as { data: { nonce: string } }).data
    const moved = await transferInviteCode(client, { token: bearer, nonce, code: codes.dee })
    expect(inviteAccounts(moved)).toEqual([expect.objectContaining({ custom_user_id: 'dee' })])
    const signedIn = await loginWithInviteCode(client, { code: codes.dee })
    expect(signedIn.user.id).toBe(user.id)
    expect(signedIn.user.id).not.toBe(holder.user.id)
    // The nonce was single use.
    expect(await refusal(transferInviteCode(client, { token: bearer, nonce, code: codes.dee }))).toEqual({
      status: 401,
      code: 'invalid_credentials',
    })
  })

  test('error: invalid options make the factory refuse them', () => {
    expect(() => resolveInviteCodeOptions({ codes: { Ada: 'ada-invite-1' } })).toThrow(/invalid member/)
    expect(() => resolveInviteCodeOptions({ codes: { ada: 'short' } })).toThrow(/invalid code/)
    expect(() => resolveInviteCodeOptions({ codes: { ada: 'same-code-1', bob: 'same-code-1' } })).toThrow(
      /not unique/,
    )
  })
})

describe('the example touches what docs/adding-a-sign-in-method.md says', () => {
  /** The files the page lists under "The example", repository-relative, and the count it states. */
  function documented(): { files: string[]; count: number } {
    const page = readFileSync(join(repositoryRoot, 'docs/adding-a-sign-in-method.md'), 'utf8')
    const section = page.slice(page.indexOf('## The example'))
    const count = Number(/touches (\d+) files/.exec(section)?.[1])
    const files = [...section.matchAll(/^- `(packages\/[^`]+)`/gm)].map((match) => String(match[1]))
    return { files, count }
  }

  test('default: the files of the example are the files the page lists, at most 12', () => {
    const { files, count } = documented()
    const actual = readdirSync(here).map((file) => relative(repositoryRoot, join(here, file)))
    expect([...files].sort()).toEqual([...actual].sort())
    expect(count).toBe(files.length)
    expect(count).toBeLessThanOrEqual(12)
  })
})

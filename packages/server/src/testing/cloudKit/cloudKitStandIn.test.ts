// The CloudKit stand-in refuses what CloudKit Web Services refuses (docs/recovery-icloud.md "Locally"): a
// wrong API token, the private database without a valid web auth token, another user's records.
import { describe, expect, test } from 'vitest'
import { appleIdIn, useCloudKitStandIn } from '../../test/icloudApp'
import { ckSessionOf } from './signInPages'

const container = {
  containerIdentifier: 'iCloud.com.example.wallet',
  environment: 'development',
  apiToken: 'api-token-1',
} as const
const other = {
  containerIdentifier: 'iCloud.com.example.other',
  environment: 'development',
  apiToken: 'api-token-2',
} as const
const redirecting = {
  containerIdentifier: 'iCloud.com.example.redirect',
  environment: 'production',
  apiToken: 'api-token-3',
  signInRedirectUrl: 'http://app.test/icloud-return?tab=1',
} as const
const ada = appleIdIn(container, 'ada@example.com')
const bob = appleIdIn(container, 'bob@example.com')

const cloudKit = useCloudKitStandIn([container, other, redirecting])

function call(
  path: string,
  options: {
    apiToken?: string | null
    webAuthToken?: string
    body?: unknown
    target?: typeof container | typeof other | typeof redirecting
  } = {},
) {
  const target = options.target ?? container
  const url = new URL(
    `${cloudKit().url}/database/1/${target.containerIdentifier}/${target.environment}/${path}`,
  )
  const apiToken = options.apiToken === undefined ? target.apiToken : options.apiToken
  if (apiToken !== null) url.searchParams.set('ckAPIToken', apiToken)
  if (options.webAuthToken) url.searchParams.set('ckWebAuthToken', options.webAuthToken)
  return fetch(url, options.body === undefined ? {} : { method: 'POST', body: JSON.stringify(options.body) })
}

const secretRecord = (recordName: string, value = 'c2VjcmV0') => ({
  operationType: 'create',
  record: { recordName, recordType: 'FoyerRecoverySecret', fields: { recovery_secret: { value } } },
})

describe('authentication', () => {
  test('the API token only: 421 AUTHENTICATION_REQUIRED with the sign-in redirectURL', async () => {
    const response = await call('private/users/current')
    expect(response.status).toBe(421)
    const body = (await response.json()) as Record<string, string>
    expect(body).toMatchObject({ serverErrorCode: 'AUTHENTICATION_REQUIRED', reason: expect.any(String) })
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.redirectURL).toBe(
      `${cloudKit().url}/signin?container=iCloud.com.example.wallet&environment=development`,
    )
  })

  test('a missing or wrong API token: 401 AUTHENTICATION_FAILED, even with a web auth token', async () => {
    const webAuthToken = cloudKit().signIn(ada)
    for (const apiToken of [null, 'wrong', other.apiToken]) {
      const response = await call('private/users/current', { apiToken, webAuthToken })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ serverErrorCode: 'AUTHENTICATION_FAILED' })
    }
  })

  test('an unknown web auth token, or one of another container: 421', async () => {
    const foreign = cloudKit().signIn({ ...ada, containerIdentifier: other.containerIdentifier })
    for (const webAuthToken of ['12__bm90LWEtdG9rZW4=', foreign]) {
      const lookup = await call('private/records/lookup', {
        webAuthToken,
        body: { records: [{ recordName: 'x' }] },
      })
      expect(lookup.status).toBe(421)
      const modify = await call('private/records/modify', {
        webAuthToken,
        body: { operations: [secretRecord('x')] },
      })
      expect(modify.status).toBe(421)
    }
    expect(
      cloudKit()
        .records(ada)
        .some((record) => record.recordName === 'x'),
    ).toBe(false)
  })

  test('a web auth token is good for one call: the answer carries the next one; a spent token reads 421', async () => {
    const first = cloudKit().signIn(ada)
    const answered = await call('private/users/current', { webAuthToken: first })
    expect(answered.status).toBe(200)
    const next = answered.headers.get('X-Apple-CloudKit-Web-Auth-Token') ?? ''
    expect(next).not.toBe('')
    expect(next).not.toBe(first)
    expect(answered.headers.get('access-control-expose-headers')).toMatch(/X-Apple-CloudKit-Web-Auth-Token/i)
    const reused = await call('private/records/lookup', {
      webAuthToken: first,
      body: { records: [{ recordName: 'x' }] },
    })
    expect(reused.status).toBe(421)
    expect(await reused.json()).toMatchObject({ serverErrorCode: 'AUTHENTICATION_REQUIRED' })
    // A refused call carries no token; the fresh one still works, once, and hands on another.
    expect(reused.headers.get('X-Apple-CloudKit-Web-Auth-Token')).toBeNull()
    const lookup = await call('private/records/lookup', {
      webAuthToken: next,
      body: { records: [{ recordName: 'x' }] },
    })
    expect(lookup.status).toBe(200)
    const afterThat = lookup.headers.get('X-Apple-CloudKit-Web-Auth-Token') ?? ''
    expect((await call('private/users/current', { webAuthToken: next })).status).toBe(421)
    expect((await call('private/users/current', { webAuthToken: afterThat })).status).toBe(200)
  })

  test('the sign-in page posts ckSession to its opener; that token reads the user', async () => {
    const form = await fetch(
      `${cloudKit().url}/signin?container=${container.containerIdentifier}&environment=development`,
    )
    expect(form.status).toBe(200)
    expect(await form.text()).toContain('name="appleId"')
    const signedIn = await fetch(`${cloudKit().url}/signin`, {
      method: 'POST',
      body: new URLSearchParams({
        container: container.containerIdentifier,
        environment: 'development',
        appleId: ada.appleId,
      }),
    })
    const html = await signedIn.text()
    expect(html).toContain('window.opener.postMessage({ ckSession:')
    const webAuthToken = ckSessionOf(html) ?? ''
    const first = (await (await call('private/users/current', { webAuthToken })).json()) as {
      userRecordName: string
    }
    expect(first.userRecordName).toMatch(/^_[0-9a-f]{32}$/)
    // The same Apple ID is the same user; another is not.
    const again = await call('private/users/current', { webAuthToken: cloudKit().signIn(ada) })
    expect(((await again.json()) as { userRecordName: string }).userRecordName).toBe(first.userRecordName)
    const bobs = await call('private/users/current', { webAuthToken: cloudKit().signIn(bob) })
    expect(((await bobs.json()) as { userRecordName: string }).userRecordName).not.toBe(first.userRecordName)
    const bad = await fetch(`${cloudKit().url}/signin`, {
      method: 'POST',
      body: new URLSearchParams({ container: 'iCloud.x', environment: 'development', appleId: 'a@b' }),
    })
    expect(bad.status).toBe(400)
  })
})

describe('sign-in callback "URL Redirect"', () => {
  test('the sign-in sends the browser to the URL with ckWebAuthToken; that token reads the private database', async () => {
    const signedIn = await fetch(`${cloudKit().url}/signin`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        container: redirecting.containerIdentifier,
        environment: redirecting.environment,
        appleId: ada.appleId,
      }),
    })
    expect(signedIn.status).toBe(303)
    const back = new URL(signedIn.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe('http://app.test/icloud-return')
    expect(back.searchParams.get('tab')).toBe('1')
    const webAuthToken = back.searchParams.get('ckWebAuthToken') ?? ''
    const user = await call('private/users/current', { webAuthToken, target: redirecting })
    expect(user.status).toBe(200)
    // Without the web auth token, or with the wrong API token, CloudKit refuses.
    expect((await call('private/users/current', { target: redirecting })).status).toBe(421)
    const wrongApi = await call('private/users/current', { webAuthToken, target: redirecting, apiToken: 'x' })
    expect(wrongApi.status).toBe(401)
  })
})

describe('records in the private database', () => {
  test('create, lookup, forceUpdate, delete; another user reads NOT_FOUND', async () => {
    const created = await call('private/records/modify', {
      webAuthToken: cloudKit().signIn(ada),
      body: { operations: [secretRecord('r1')] },
    })
    expect(created.status).toBe(200)
    const [record] = ((await created.json()) as { records: Array<Record<string, unknown>> }).records
    expect(record).toMatchObject({
      recordName: 'r1',
      recordType: 'FoyerRecoverySecret',
      fields: { recovery_secret: { value: 'c2VjcmV0', type: 'STRING' } },
      recordChangeTag: expect.any(String),
    })
    const again = await call('private/records/modify', {
      webAuthToken: cloudKit().signIn(ada),
      body: { operations: [secretRecord('r1')] },
    })
    expect(((await again.json()) as { records: unknown[] }).records[0]).toMatchObject({
      recordName: 'r1',
      serverErrorCode: 'CONFLICT',
    })

    const update = {
      operationType: 'forceUpdate',
      record: {
        recordName: 'r1',
        recordType: 'FoyerRecoverySecret',
        fields: { recovery_secret: { value: 'bmV3' } },
      },
    }
    await call('private/records/modify', {
      webAuthToken: cloudKit().signIn(ada),
      body: { operations: [update] },
    })
    const lookup = await call('private/records/lookup', {
      webAuthToken: cloudKit().signIn(ada),
      body: { records: [{ recordName: 'r1' }, { recordName: 'none' }] },
    })
    const { records } = (await lookup.json()) as { records: Array<Record<string, unknown>> }
    expect(records[0]).toMatchObject({ recordName: 'r1', fields: { recovery_secret: { value: 'bmV3' } } })
    expect(records[1]).toMatchObject({ recordName: 'none', serverErrorCode: 'NOT_FOUND' })

    // Bob, signed in to the same container, has his own private database.
    const bobs = await call('private/records/lookup', {
      webAuthToken: cloudKit().signIn(bob),
      body: { records: [{ recordName: 'r1' }] },
    })
    expect(((await bobs.json()) as { records: unknown[] }).records[0]).toMatchObject({
      serverErrorCode: 'NOT_FOUND',
    })
    const bobDelete = await call('private/records/modify', {
      webAuthToken: cloudKit().signIn(bob),
      body: { operations: [{ operationType: 'forceDelete', record: { recordName: 'r1' } }] },
    })
    expect(((await bobDelete.json()) as { records: unknown[] }).records[0]).toMatchObject({
      serverErrorCode: 'NOT_FOUND',
    })
    expect(
      cloudKit()
        .records(ada)
        .map((r) => r.recordName),
    ).toContain('r1')

    const deleted = await call('private/records/modify', {
      webAuthToken: cloudKit().signIn(ada),
      body: { operations: [{ operationType: 'forceDelete', record: { recordName: 'r1' } }] },
    })
    expect(((await deleted.json()) as { records: unknown[] }).records[0]).toEqual({
      recordName: 'r1',
      deleted: true,
    })
    expect(
      cloudKit()
        .records(ada)
        .map((r) => r.recordName),
    ).not.toContain('r1')
  })

  test('malformed requests: 400 BAD_REQUEST', async () => {
    for (const body of [{}, { operations: [] }, { operations: ['x'] }]) {
      const response = await call('private/records/modify', { webAuthToken: cloudKit().signIn(ada), body })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ serverErrorCode: 'BAD_REQUEST' })
    }
    const lookup = await call('private/records/lookup', {
      webAuthToken: cloudKit().signIn(ada),
      body: { records: [{ recordName: 3 }] },
    })
    expect(lookup.status).toBe(400)
    const badName = await call('private/records/modify', {
      webAuthToken: cloudKit().signIn(ada),
      body: { operations: [secretRecord('a/b')] },
    })
    expect(((await badName.json()) as { records: unknown[] }).records[0]).toMatchObject({
      serverErrorCode: 'BAD_REQUEST',
    })
  })
})

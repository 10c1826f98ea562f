import { GOOGLE_DRIVE_APPDATA_SCOPE, type OAuthClientSettings } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { googleAccessToken } from '../../test/googleAccessToken'
import {
  type LocalIdentityProvider,
  startLocalIdentityProvider,
} from '../localIdentityProvider/startLocalIdentityProvider'
import { type GoogleDriveStandIn, startGoogleDriveStandIn } from './googleDriveStandIn'

const REDIRECT_URI = 'http://foyer.test/api/v1/oauth/callback'
let idp: LocalIdentityProvider
let drive: GoogleDriveStandIn
let appA: OAuthClientSettings
let appB: OAuthClientSettings

beforeAll(async () => {
  idp = await startLocalIdentityProvider({
    users: [
      { subject: '42', email: 'ada@example.com', name: 'Ada' },
      { subject: '43', email: 'bob@example.com', name: 'Bob' },
    ],
  })
  drive = await startGoogleDriveStandIn({ identityProvider: idp })
  appA = await idp.registerClient({ provider: 'google', redirectUri: REDIRECT_URI })
  appB = await idp.registerClient({ provider: 'google', redirectUri: REDIRECT_URI })
})
afterAll(async () => {
  await drive?.close()
  await idp?.close()
})

/** A Google access token of `client` for user `login`, through the provider's real authorization code flow. */
const accessToken = (client: OAuthClientSettings, scope: string, login = '42') =>
  googleAccessToken(idp, client, { scope, login, redirectUri: REDIRECT_URI })

const DRIVE_SCOPE = `openid email ${GOOGLE_DRIVE_APPDATA_SCOPE}`

/** A multipart/related create of `name` with `content` under `parents`. */
function create(token: string, name: string, content: string, parents: string[] = ['appDataFolder']) {
  const boundary = 'foyer-test-boundary'
  const body = [
    `--${boundary}`,
    'Content-Type: application/json; charset=UTF-8',
    '',
    JSON.stringify({ name, parents }),
    `--${boundary}`,
    'Content-Type: application/octet-stream',
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n')
  return fetch(`${drive.url}/upload/drive/v3/files?uploadType=multipart`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/related; boundary=${boundary}` },
    body,
  })
}

function list(token: string, name: string) {
  const url = new URL(`${drive.url}/drive/v3/files`)
  url.searchParams.set('spaces', 'appDataFolder')
  url.searchParams.set('q', `name='${name}'`)
  return fetch(url, { headers: { authorization: `Bearer ${token}` } })
}

type DriveErrorBody = { error: { code: number; status: string; errors: Array<{ reason: string }> } }
const reasonOf = async (response: Response) =>
  ((await response.json()) as DriveErrorBody).error.errors[0]?.reason

describe('Google Drive API stand-in', () => {
  test('default: a file created in appDataFolder is found by name and read back', async () => {
    const token = await accessToken(appA, DRIVE_SCOPE)
    const created = await create(token, 'secret-1.json', '{"secret":"abc"}')
    expect(created.status).toBe(200)
    const file = (await created.json()) as { kind: string; id: string; name: string }
    expect(file).toMatchObject({ kind: 'drive#file', name: 'secret-1.json' })

    const found = await list(token, 'secret-1.json')
    expect(await found.json()).toEqual({
      kind: 'drive#fileList',
      incompleteSearch: false,
      files: [
        { kind: 'drive#file', id: file.id, name: 'secret-1.json', mimeType: 'application/octet-stream' },
      ],
    })
    const media = await fetch(`${drive.url}/drive/v3/files/${file.id}?alt=media`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(await media.text()).toBe('{"secret":"abc"}')

    const deleted = await fetch(`${drive.url}/drive/v3/files/${file.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(deleted.status).toBe(204)
    expect(((await (await list(token, 'secret-1.json')).json()) as { files: unknown[] }).files).toEqual([])
  })

  test('no token: 401 required; an unknown token: 401 authError, in Google error shape', async () => {
    const none = await fetch(`${drive.url}/drive/v3/files?spaces=appDataFolder`)
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
    const noneBody = (await none.json()) as DriveErrorBody
    expect(noneBody.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' })
    expect(noneBody.error.errors[0]?.reason).toBe('required')

    const forged = await list('not-a-token', 'x')
    expect(forged.status).toBe(401)
    expect(await reasonOf(forged)).toBe('authError')
  })

  test('a token without the drive.appdata scope: 403 insufficientPermissions', async () => {
    const token = await accessToken(appA, 'openid email')
    const response = await create(token, 'secret.json', 'x')
    expect(response.status).toBe(403)
    expect(await reasonOf(response)).toBe('insufficientPermissions')
  })

  test("another OAuth client's token never sees the app-data folder's files", async () => {
    const tokenA = await accessToken(appA, DRIVE_SCOPE)
    const tokenB = await accessToken(appB, DRIVE_SCOPE)
    const file = (await (await create(tokenA, 'isolated.json', 'only-a')).json()) as { id: string }

    const listed = (await (await list(tokenB, 'isolated.json')).json()) as { files: unknown[] }
    expect(listed.files).toEqual([])
    const read = await fetch(`${drive.url}/drive/v3/files/${file.id}?alt=media`, {
      headers: { authorization: `Bearer ${tokenB}` },
    })
    expect(read.status).toBe(404)
    expect(await reasonOf(read)).toBe('notFound')
    const removed = await fetch(`${drive.url}/drive/v3/files/${file.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokenB}` },
    })
    expect(removed.status).toBe(404)
    // Another user of the same client has a folder of their own too.
    const otherUser = await accessToken(appA, DRIVE_SCOPE, '43')
    expect(((await (await list(otherUser, 'isolated.json')).json()) as { files: unknown[] }).files).toEqual(
      [],
    )
    // The owner still has it.
    expect(drive.appDataFiles({ clientId: appA.client_id, subject: '42' }).map((f) => f.id)).toContain(
      file.id,
    )
  })

  test('sharing, trashing and moving an app-data file: 403 notSupportedForAppDataFolderFiles', async () => {
    const token = await accessToken(appA, DRIVE_SCOPE)
    const file = (await (await create(token, 'kept.json', 'x')).json()) as { id: string }
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const share = await fetch(`${drive.url}/drive/v3/files/${file.id}/permissions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ role: 'reader', type: 'anyone' }),
    })
    const trash = await fetch(`${drive.url}/drive/v3/files/${file.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ trashed: true }),
    })
    const move = await fetch(
      `${drive.url}/drive/v3/files/${file.id}?addParents=root&removeParents=appDataFolder`,
      {
        method: 'PATCH',
        headers,
        body: '{}',
      },
    )
    for (const response of [share, trash, move]) {
      expect(response.status).toBe(403)
      expect(await reasonOf(response)).toBe('notSupportedForAppDataFolderFiles')
    }
  })

  test('a file outside appDataFolder, or a list of the whole Drive: 403 insufficientScopes', async () => {
    const token = await accessToken(appA, DRIVE_SCOPE)
    const outside = await create(token, 'visible.json', 'x', ['root'])
    expect(outside.status).toBe(403)
    expect(await reasonOf(outside)).toBe('insufficientScopes')
    const whole = await fetch(`${drive.url}/drive/v3/files?spaces=drive`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(whole.status).toBe(403)
    expect(await reasonOf(whole)).toBe('insufficientScopes')
  })

  test('a query other than name = …: 400 invalid q', async () => {
    const token = await accessToken(appA, DRIVE_SCOPE)
    const response = await fetch(
      `${drive.url}/drive/v3/files?spaces=appDataFolder&q=${encodeURIComponent("name contains 'x' or true")}`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    expect(response.status).toBe(400)
    expect(await reasonOf(response)).toBe('invalid')
  })

  test('a browser preflight is answered (CORS), as Google answers it', async () => {
    const response = await fetch(`${drive.url}/upload/drive/v3/files?uploadType=multipart`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:9', 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9')
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization')
  })
})

import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocally } from '../http/listenLocally'
import { readBody, readJson, sendJson } from '../http/standInHttp'
import {
  type CloudKitOperation,
  CloudKitPrivateDatabase,
  type CloudKitRecord,
  isRecordObject,
  newUserRecordName,
} from './cloudKitRecords'
import { signedInPage, signInPage } from './signInPages'

/** An iCloud container the stand-in serves: its identifier, environment and the API token it accepts. */
export type CloudKitStandInContainer = {
  containerIdentifier: string
  environment: 'development' | 'production'
  apiToken: string
  /**
   * The API token's sign-in callback "URL Redirect" (CloudKit console): after a sign-in the browser goes to
   * this URL with `ckWebAuthToken` in its query. Default: "postMessage" (`{ ckSession }` to the opener).
   */
  signInRedirectUrl?: string
}

/** Options of {@link startCloudKitStandIn}. */
export type StartCloudKitStandInOptions = {
  containers: readonly CloudKitStandInContainer[]
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number
  /** The target origin of the sign-in page's postMessage to its opener; default `*`. */
  openerOrigin?: string
}

/** Who a private database belongs to: a container, its environment and an Apple ID. */
export type CloudKitUserRef = { containerIdentifier: string; environment: string; appleId: string }

/** A running CloudKit Web Services stand-in (see {@link startCloudKitStandIn}). */
export type CloudKitStandIn = {
  /** `http://127.0.0.1:<port>`: stands for `https://api.apple-cloudkit.com` (paths `/database/1/…`). */
  url: string
  /**
   * Signs `appleId` in for a container as the sign-in page does and returns the web auth token (what the
   * page posts to its opener as `ckSession`). Throws `Error` for a container the stand-in does not serve.
   */
  signIn(user: CloudKitUserRef): string
  /** The records of one user's private database (oldest first). */
  records(user: CloudKitUserRef): CloudKitRecord[]
  /** Stops the server. */
  close(): Promise<void>
}

/** CloudKit's error body: `{ uuid, serverErrorCode, reason, redirectURL? }`. */
function sendCloudKitError(
  response: ServerResponse,
  status: number,
  serverErrorCode: string,
  reason: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = cors,
) {
  sendJson(response, status, { uuid: randomUUID(), serverErrorCode, reason, ...extra }, headers)
}

/** CloudKit Web Services answers cross-origin calls (CloudKit JS runs in the app's page). */
const cors = { 'access-control-allow-origin': '*' }

/**
 * The response header carrying the next web auth token: a token is good for one call, and CloudKit hands
 * the caller a fresh one with each answer (exposed to browser callers, as CloudKit does).
 */
const WEB_AUTH_TOKEN_HEADER = 'x-apple-cloudkit-web-auth-token'

const databasePath = /^\/database\/1\/([^/]+)\/(development|production)\/(private|public|shared)\/(.+)$/

/**
 * Starts a stand-in for the subset of CloudKit Web Services that iCloud recovery uses
 * (docs/recovery-icloud.md), on loopback, for `options.containers`:
 * - `GET /database/1/{container}/{environment}/{database}/users/current` → `{ userRecordName }`;
 * - `POST …/private/records/modify` `{ operations: [{ operationType, record }] }` → `{ records }`
 *   (`create`, `update`, `forceUpdate`, `delete`, `forceDelete`; per-record `CONFLICT`, `NOT_FOUND`,
 *   `BAD_REQUEST` errors);
 * - `POST …/private/records/lookup` `{ records: [{ recordName }] }` → `{ records }` (per-record `NOT_FOUND`);
 * - `GET /signin?container=…&environment=…` (the `redirectURL`): an Apple ID sign-in form; on submit the
 *   page posts `{ ckSession }` (the web auth token) to its opener, as Apple's sign-in does for an API token
 *   whose callback is "postMessage" (or, with `signInRedirectUrl`, sends the browser there with
 *   `ckWebAuthToken` in the query, as for "URL Redirect").
 * What it refuses as CloudKit does (`{ uuid, serverErrorCode, reason }`): a missing or wrong `ckAPIToken`
 * for the container and environment → 401 `AUTHENTICATION_FAILED`; the private database without a valid
 * `ckWebAuthToken` of that container and environment → 421 `AUTHENTICATION_REQUIRED` with `redirectURL`;
 * a malformed body → 400 `BAD_REQUEST`. A web auth token is good for one call, as CloudKit's ("expire after a
 * single use", Apple's `CKFetchWebAuthTokenOperation`): each answer to a call it authorized carries the next
 * token in `X-Apple-CloudKit-Web-Auth-Token`, and the spent one then reads 421 `AUTHENTICATION_REQUIRED`.
 * Each (container, environment, Apple ID) has its own private database: another user's records read
 * `NOT_FOUND`.
 *
 * @example const cloudKit = await startCloudKitStandIn({ containers: [{ containerIdentifier: 'iCloud.com.example', environment: 'development', apiToken }] })
 */
export async function startCloudKitStandIn(options: StartCloudKitStandInOptions): Promise<CloudKitStandIn> {
  const containers = options.containers
  const databases = new Map<string, CloudKitPrivateDatabase>()
  const webAuthTokens = new Map<string, CloudKitUserRef>()
  const key = (user: CloudKitUserRef) =>
    JSON.stringify([user.containerIdentifier, user.environment, user.appleId])
  const findContainer = (containerIdentifier: string, environment: string) =>
    containers.find((c) => c.containerIdentifier === containerIdentifier && c.environment === environment)
  const databaseOf = (user: CloudKitUserRef) => {
    let database = databases.get(key(user))
    if (!database) {
      database = new CloudKitPrivateDatabase(newUserRecordName())
      databases.set(key(user), database)
    }
    return database
  }
  const signIn = (user: CloudKitUserRef) => {
    if (!findContainer(user.containerIdentifier, user.environment))
      throw new Error(
        `The CloudKit stand-in does not serve ${user.containerIdentifier} (${user.environment})`,
      )
    // Standard base64: a client must URL-encode it, as it must Apple's tokens.
    const token = `${randomBytes(8).readBigUInt64BE()}__${randomBytes(48).toString('base64')}`
    webAuthTokens.set(token, user)
    databaseOf(user)
    return token
  }
  let baseUrl = ''
  const signInUrl = (container: CloudKitStandInContainer) =>
    `${baseUrl}/signin?${new URLSearchParams({ container: container.containerIdentifier, environment: container.environment })}`

  async function handleSignIn(request: IncomingMessage, response: ServerResponse, url: URL) {
    const html = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      response.end(body)
    }
    if (request.method === 'GET') {
      const container = findContainer(
        url.searchParams.get('container') ?? '',
        url.searchParams.get('environment') ?? '',
      )
      if (!container) return html(400, '<!doctype html><p>Unknown container</p>')
      return html(200, signInPage(container))
    }
    const form = new URLSearchParams(await readBody(request, 16 * 1024))
    const container = findContainer(form.get('container') ?? '', form.get('environment') ?? '')
    const appleId = (form.get('appleId') ?? '').trim()
    if (!container || !/^[^\s@]+@[^\s@]+$/.test(appleId))
      return html(400, '<!doctype html><p>Enter your Apple ID</p>')
    const token = signIn({
      containerIdentifier: container.containerIdentifier,
      environment: container.environment,
      appleId,
    })
    if (container.signInRedirectUrl) {
      const back = new URL(container.signInRedirectUrl)
      back.searchParams.set('ckWebAuthToken', token)
      response.writeHead(303, { location: back.href, 'cache-control': 'no-store' })
      return response.end()
    }
    return html(200, signedInPage(token, options.openerOrigin ?? '*'))
  }

  async function handleDatabase(request: IncomingMessage, response: ServerResponse, url: URL) {
    const match = databasePath.exec(url.pathname)
    if (!match) return sendCloudKitError(response, 404, 'NOT_FOUND', 'Unknown path')
    const [, rawContainer = '', environment = '', database = '', operation = ''] = match
    const container = findContainer(decodeURIComponent(rawContainer), environment)
    const apiToken = url.searchParams.get('ckAPIToken')
    if (!container || !apiToken || apiToken !== container.apiToken)
      return sendCloudKitError(response, 401, 'AUTHENTICATION_FAILED', 'no auth method found')
    const webAuthToken = url.searchParams.get('ckWebAuthToken')
    const user = webAuthToken ? webAuthTokens.get(webAuthToken) : undefined
    const valid =
      user?.containerIdentifier === container.containerIdentifier &&
      user.environment === container.environment
    if (!valid || !user || !webAuthToken)
      return sendCloudKitError(response, 421, 'AUTHENTICATION_REQUIRED', 'request needs authorization', {
        redirectURL: signInUrl(container),
      })
    // Single use: this token is spent, the answer carries the next one.
    webAuthTokens.delete(webAuthToken)
    const headers = {
      ...cors,
      [WEB_AUTH_TOKEN_HEADER]: signIn(user),
      'access-control-expose-headers': WEB_AUTH_TOKEN_HEADER,
    }
    const fail = (status: number, code: string, reason: string) =>
      sendCloudKitError(response, status, code, reason, {}, headers)
    const store = databaseOf(user)
    if (operation === 'users/current' && request.method === 'GET')
      return sendJson(response, 200, { userRecordName: store.userRecordName }, headers)
    if (database !== 'private')
      return fail(400, 'BAD_REQUEST', 'The stand-in serves the private database only')
    if (request.method !== 'POST') return fail(404, 'NOT_FOUND', 'Unknown path')
    const body = await readJson(request)
    if (!isRecordObject(body)) return fail(400, 'BAD_REQUEST', 'Invalid JSON body')
    const zone = body.zoneID
    if (zone !== undefined && !(isRecordObject(zone) && zone.zoneName === '_defaultZone'))
      return fail(404, 'ZONE_NOT_FOUND', 'Zone does not exist')
    if (operation === 'records/modify') {
      const operations = body.operations
      if (!Array.isArray(operations) || operations.length === 0 || operations.length > 200)
        return fail(400, 'BAD_REQUEST', 'Invalid value, expected operations')
      if (!operations.every((op) => isRecordObject(op) && isRecordObject(op.record)))
        return fail(400, 'BAD_REQUEST', 'Invalid value, expected a record')
      return sendJson(response, 200, { records: store.modify(operations as CloudKitOperation[]) }, headers)
    }
    if (operation === 'records/lookup') {
      const records = body.records
      const names = Array.isArray(records)
        ? records.map((record) => (isRecordObject(record) ? record.recordName : undefined))
        : []
      if (names.length === 0 || names.length > 200 || !names.every((name) => typeof name === 'string'))
        return fail(400, 'BAD_REQUEST', 'Invalid value, expected records')
      return sendJson(response, 200, { records: store.lookup(names as string[]) }, headers)
    }
    return fail(404, 'NOT_FOUND', 'Unknown path')
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://cloudkit.invalid')
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      })
      return response.end()
    }
    const handled =
      url.pathname === '/signin' && (request.method === 'GET' || request.method === 'POST')
        ? handleSignIn(request, response, url)
        : handleDatabase(request, response, url)
    handled.catch(() => {
      if (!response.headersSent) sendCloudKitError(response, 500, 'INTERNAL_ERROR', 'Internal error')
      else response.end()
    })
  })
  const listening = await listenLocally(server, { port: options.port })
  baseUrl = listening.url
  return {
    url: listening.url,
    signIn,
    records: (user) => [...(databases.get(key(user))?.records.values() ?? [])],
    close: listening.close,
  }
}

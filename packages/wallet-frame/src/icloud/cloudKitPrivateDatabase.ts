import type { CloudKitEnvironment } from '@foyer/protocol'
import { FrameRequestError } from '../errors/FrameRequestError'

/**
 * Where and as whom the frame calls CloudKit Web Services: the app's container (`containerIdentifier`,
 * `environment`, its `apiToken`, from `recovery/configuration_icloud`) and the user's web auth token (the
 * `ckSession` of Apple's sign-in), which the caller passes and keeps nowhere. A web auth token is good for
 * one call: the client replaces `webAuthToken` with the one each answer carries, so the next call on the
 * same session uses the fresh token.
 */
export type CloudKitSession = {
  containerIdentifier: string
  environment: CloudKitEnvironment
  apiToken: string
  webAuthToken: string
}

/** A record of the private database as the frame reads it: its name, type and string fields. */
export type CloudKitRecord = { recordName: string; recordType: string; fields: Record<string, string> }

/**
 * The calls the frame makes on the user's private CloudKit database, default zone
 * (https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/).
 */
export type CloudKitPrivateDatabase = {
  /** `POST …/private/records/modify` with one `create` operation (string fields). */
  create(session: CloudKitSession, record: CloudKitRecord): Promise<void>
  /** `POST …/private/records/lookup` of one record name → the record, or null when CloudKit has none. */
  lookup(session: CloudKitSession, recordName: string): Promise<CloudKitRecord | null>
  /**
   * `POST …/private/records/modify` with one `forceDelete` operation (no `recordChangeTag` needed) → true when
   * deleted, false when CloudKit has no such record (`NOT_FOUND`: already gone, or another Apple ID).
   */
  forceDelete(session: CloudKitSession, recordName: string): Promise<boolean>
}

/** The answer header with the next web auth token (a token authorizes one call). */
const WEB_AUTH_TOKEN_HEADER = 'X-Apple-CloudKit-Web-Auth-Token'

/** CloudKit's `serverErrorCode` of an error body or a per-record error, if any. */
const serverErrorCode = (body: unknown): string | undefined => {
  const code = (body as { serverErrorCode?: unknown } | null)?.serverErrorCode
  return typeof code === 'string' ? code : undefined
}

/** A failed call or a per-record error as the frame reports it. */
function cloudKitFailure(status: number, code: string | undefined): FrameRequestError {
  if (status === 421 || code === 'AUTHENTICATION_REQUIRED')
    return new FrameRequestError('error', 'iCloud refused the sign-in; sign in with your Apple ID again')
  if (status === 401 || code === 'AUTHENTICATION_FAILED')
    return new FrameRequestError('error', "iCloud refused the app's CloudKit API token")
  if (code === 'QUOTA_EXCEEDED') return new FrameRequestError('error', 'Your iCloud storage is full')
  return new FrameRequestError('error', `iCloud answered ${status}${code ? ` (${code})` : ''}`)
}

/**
 * The frame's CloudKit Web Services client on `baseUrl` (`https://api.apple-cloudkit.com`, or a stand-in's
 * URL; no trailing slash). Each call goes to `{baseUrl}/database/1/{container}/{environment}/private/…` with
 * `ckAPIToken` and `ckWebAuthToken` in the query; the fresh token of each answer
 * (`X-Apple-CloudKit-Web-Auth-Token`) replaces the session's `webAuthToken`. Failures throw `FrameRequestError('error', …)`: 421 (no
 * valid sign-in) 'iCloud refused the sign-in; sign in with your Apple ID again', 401 'iCloud refused the
 * app's CloudKit API token', `QUOTA_EXCEEDED` 'Your iCloud storage is full', others 'iCloud answered
 * <status> (<serverErrorCode>)', a network failure 'iCloud could not be reached'.
 *
 * @example const cloudKit = createCloudKitPrivateDatabase({ baseUrl: CLOUDKIT_API_URL })
 */
export function createCloudKitPrivateDatabase(parameters: {
  baseUrl: string
  fetch?: typeof fetch | undefined
}): CloudKitPrivateDatabase {
  const baseUrl = parameters.baseUrl.replace(/\/+$/, '')
  const post = async (session: CloudKitSession, operation: string, body: unknown): Promise<unknown> => {
    const url = new URL(
      `${baseUrl}/database/1/${encodeURIComponent(session.containerIdentifier)}/${session.environment}/private/${operation}`,
    )
    url.searchParams.set('ckAPIToken', session.apiToken)
    url.searchParams.set('ckWebAuthToken', session.webAuthToken)
    let response: Response
    try {
      response = await (parameters.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    } catch (cause) {
      throw new FrameRequestError('error', 'iCloud could not be reached', { cause })
    }
    // CloudKit spends the token on this call and hands the next one back (docs/recovery-icloud.md).
    const next = response.headers.get(WEB_AUTH_TOKEN_HEADER)
    if (next) session.webAuthToken = next
    const json = await response.json().catch(() => null)
    if (!response.ok) throw cloudKitFailure(response.status, serverErrorCode(json))
    return json
  }
  /** The one record of a `records` answer, or the per-record error's code. */
  const onlyRecord = (json: unknown): { record?: Record<string, unknown>; code?: string } => {
    const [record] = ((json as { records?: unknown } | null)?.records as unknown[] | undefined) ?? []
    if (typeof record !== 'object' || record === null) return { code: 'BAD_RESPONSE' }
    const code = serverErrorCode(record)
    return code ? { code } : { record: record as Record<string, unknown> }
  }
  return {
    async create(session, record) {
      const fields = Object.fromEntries(
        Object.entries(record.fields).map(([name, value]) => [name, { value, type: 'STRING' }]),
      )
      const answer = onlyRecord(
        await post(session, 'records/modify', {
          operations: [
            {
              operationType: 'create',
              record: { recordName: record.recordName, recordType: record.recordType, fields },
            },
          ],
          zoneID: { zoneName: '_defaultZone' },
        }),
      )
      if (answer.code) throw cloudKitFailure(200, answer.code)
    },
    async forceDelete(session, recordName) {
      const answer = onlyRecord(
        await post(session, 'records/modify', {
          operations: [{ operationType: 'forceDelete', record: { recordName } }],
          zoneID: { zoneName: '_defaultZone' },
        }),
      )
      if (answer.code === 'NOT_FOUND') return false
      if (answer.code) throw cloudKitFailure(200, answer.code)
      return true
    },
    async lookup(session, recordName) {
      const answer = onlyRecord(
        await post(session, 'records/lookup', {
          records: [{ recordName }],
          zoneID: { zoneName: '_defaultZone' },
        }),
      )
      if (answer.code === 'NOT_FOUND') return null
      if (answer.code || !answer.record) throw cloudKitFailure(200, answer.code)
      const fields: Record<string, string> = {}
      const rawFields = answer.record.fields
      if (typeof rawFields === 'object' && rawFields !== null)
        for (const [name, field] of Object.entries(rawFields)) {
          const value = (field as { value?: unknown } | null)?.value
          if (typeof value === 'string') fields[name] = value
        }
      return {
        recordName: String(answer.record.recordName),
        recordType: String(answer.record.recordType),
        fields,
      }
    },
  }
}

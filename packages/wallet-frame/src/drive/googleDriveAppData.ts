import { FrameRequestError } from '../errors/FrameRequestError'

/** Google's Drive API origin, the default of the frame's Drive API base URL. */
export const GOOGLE_APIS_URL = 'https://www.googleapis.com'

/** A file of the app-data folder as Drive describes it. */
export type GoogleDriveFile = { id: string; name: string }

/**
 * The calls the frame makes on the user's Drive app-data folder (Drive API v3,
 * https://developers.google.com/drive/api/guides/appdata), each with a Google access token of the
 * `drive.appdata` scope that the caller passes and keeps nowhere.
 */
export type GoogleDriveAppData = {
  /** `POST /upload/drive/v3/files?uploadType=multipart`, `parents: ['appDataFolder']` → the new file. */
  create(accessToken: string, parameters: { name: string; content: string }): Promise<GoogleDriveFile>
  /** `GET /drive/v3/files?spaces=appDataFolder&q=name='…'` → the files of that name. */
  findByName(accessToken: string, name: string): Promise<GoogleDriveFile[]>
  /** `GET /drive/v3/files/{id}?alt=media` → the file's content as text. */
  read(accessToken: string, fileId: string): Promise<string>
  /** `DELETE /drive/v3/files/{id}` (app-data files cannot be trashed, only deleted). */
  remove(accessToken: string, fileId: string): Promise<void>
}

/** Drive's error reasons the frame tells apart (`error.errors[0].reason`). */
function driveFailure(status: number, body: unknown): FrameRequestError {
  const reason =
    (body as { error?: { errors?: Array<{ reason?: unknown }> } } | null)?.error?.errors?.[0]?.reason ?? null
  if (status === 401)
    return new FrameRequestError('error', 'Google Drive refused the access token; sign in with Google again')
  if (status === 403 && reason === 'insufficientPermissions')
    return new FrameRequestError('error', 'Access to your Google Drive was not granted.')
  return new FrameRequestError(
    'error',
    `Google Drive answered ${status}${typeof reason === 'string' ? ` (${reason})` : ''}`,
  )
}

/** A Drive search string literal: `'…'` with `\` and `'` escaped (Drive's query language). */
function queryString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
}

/**
 * The frame's Drive client on `baseUrl` (`https://www.googleapis.com`, or a stand-in's URL; no trailing
 * slash). Failures throw `FrameRequestError('error', …)`: 401 'Google Drive refused the access token…',
 * 403 `insufficientPermissions` 'Access to your Google Drive was not granted.', others 'Google Drive
 * answered <status> (<reason>)'; a network failure 'Google Drive could not be reached'.
 *
 * @example const drive = createGoogleDriveAppData({ baseUrl: GOOGLE_APIS_URL })
 */
export function createGoogleDriveAppData(parameters: {
  baseUrl: string
  fetch?: typeof fetch | undefined
}): GoogleDriveAppData {
  const baseUrl = parameters.baseUrl.replace(/\/+$/, '')
  const run = async (url: string, accessToken: string, init: RequestInit = {}): Promise<Response> => {
    let response: Response
    try {
      response = await (parameters.fetch ?? fetch)(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${accessToken}` },
        credentials: 'omit',
        cache: 'no-store',
      })
    } catch (cause) {
      throw new FrameRequestError('error', 'Google Drive could not be reached', { cause })
    }
    if (!response.ok) throw driveFailure(response.status, await response.json().catch(() => null))
    return response
  }
  const fileOf = (value: unknown): GoogleDriveFile => {
    const file = value as { id?: unknown; name?: unknown }
    if (typeof file?.id !== 'string' || typeof file.name !== 'string')
      throw new FrameRequestError('error', 'Google Drive answered an unexpected file')
    return { id: file.id, name: file.name }
  }
  return {
    async create(accessToken, { name, content }) {
      const boundary = `foyer-${crypto.randomUUID()}`
      const body = [
        `--${boundary}`,
        'Content-Type: application/json; charset=UTF-8',
        '',
        JSON.stringify({ name, parents: ['appDataFolder'], mimeType: 'application/json' }),
        `--${boundary}`,
        'Content-Type: application/json',
        '',
        content,
        `--${boundary}--`,
        '',
      ].join('\r\n')
      const response = await run(`${baseUrl}/upload/drive/v3/files?uploadType=multipart`, accessToken, {
        method: 'POST',
        headers: { 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      })
      return fileOf(await response.json())
    },
    async findByName(accessToken, name) {
      const url = new URL(`${baseUrl}/drive/v3/files`)
      url.searchParams.set('spaces', 'appDataFolder')
      url.searchParams.set('q', `name=${queryString(name)}`)
      url.searchParams.set('fields', 'files(id,name)')
      const response = await run(url.href, accessToken)
      const list = (await response.json()) as { files?: unknown }
      if (!Array.isArray(list.files))
        throw new FrameRequestError('error', 'Google Drive answered an unexpected list')
      return list.files.map(fileOf)
    },
    async read(accessToken, fileId) {
      const response = await run(
        `${baseUrl}/drive/v3/files/${encodeURIComponent(fileId)}?alt=media`,
        accessToken,
      )
      return response.text()
    },
    async remove(accessToken, fileId) {
      await run(`${baseUrl}/drive/v3/files/${encodeURIComponent(fileId)}`, accessToken, { method: 'DELETE' })
    },
  }
}

import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { GOOGLE_DRIVE_APPDATA_SCOPE } from '@foyer/protocol'
import { listenLocally } from '../http/listenLocally'
import type { LocalIdentityProvider } from '../localIdentityProvider/startLocalIdentityProvider'

/** Options of {@link startGoogleDriveStandIn}. */
export type StartGoogleDriveStandInOptions = {
  /** The provider whose access tokens the stand-in accepts (introspected with RFC 7662). */
  identityProvider: Pick<LocalIdentityProvider, 'introspection'>
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number
}

/** A file in an app-data folder, as the stand-in keeps it. */
export type GoogleDriveStandInFile = {
  id: string
  name: string
  mimeType: string
  /** RFC 3339. */
  createdTime: string
  content: Buffer
}

/** A running Drive API stand-in (see {@link startGoogleDriveStandIn}). */
export type GoogleDriveStandIn = {
  /** `http://127.0.0.1:<port>`: stands for `https://www.googleapis.com` (paths `/drive/v3/…`, `/upload/drive/v3/…`). */
  url: string
  /** The files of one user's app-data folder as one OAuth client sees it (oldest first). */
  appDataFiles(parameters: { clientId: string; subject: string }): GoogleDriveStandInFile[]
  /** Stops the server. */
  close(): Promise<void>
}

/** Google's JSON error body (`{ error: { code, message, errors: [{ domain, reason, message, … }], status } }`). */
type DriveError = {
  code: number
  message: string
  reason: string
  status: string
  location?: { location: string; locationType: 'header' | 'parameter' }
}

const errors = {
  loginRequired: {
    code: 401,
    message:
      'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    reason: 'required',
    status: 'UNAUTHENTICATED',
    location: { location: 'Authorization', locationType: 'header' },
  },
  invalidCredentials: {
    code: 401,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    reason: 'authError',
    status: 'UNAUTHENTICATED',
    location: { location: 'Authorization', locationType: 'header' },
  },
  insufficientPermissions: {
    code: 403,
    message: 'Request had insufficient authentication scopes.',
    reason: 'insufficientPermissions',
    status: 'PERMISSION_DENIED',
  },
  insufficientScopes: {
    code: 403,
    message: 'The granted scopes do not give access to all of the requested spaces.',
    reason: 'insufficientScopes',
    status: 'PERMISSION_DENIED',
  },
  notSupportedForAppDataFolderFiles: {
    code: 403,
    message: 'Method not supported for files within the Application Data folder.',
    reason: 'notSupportedForAppDataFolderFiles',
    status: 'PERMISSION_DENIED',
  },
} satisfies Record<string, DriveError>

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
  response.end(JSON.stringify(body))
}

function sendError(response: ServerResponse, error: DriveError, headers: Record<string, string> = {}) {
  sendJson(
    response,
    error.code,
    {
      error: {
        code: error.code,
        message: error.message,
        errors: [
          {
            message: error.message,
            domain: 'global',
            reason: error.reason,
            ...(error.location ?? {}),
          },
        ],
        status: error.status,
      },
    },
    headers,
  )
}

function badRequest(message: string, location?: string): DriveError {
  return {
    code: 400,
    message,
    reason: location ? 'invalid' : 'badRequest',
    status: 'INVALID_ARGUMENT',
    ...(location ? { location: { location, locationType: 'parameter' as const } } : {}),
  }
}

function notFound(fileId: string): DriveError {
  return {
    code: 404,
    message: `File not found: ${fileId}.`,
    reason: 'notFound',
    status: 'NOT_FOUND',
    location: { location: 'fileId', locationType: 'parameter' },
  }
}

/** The request body (at most 1 MiB). */
async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 1024 * 1024) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * The two parts of a `multipart/related` body (RFC 2387) as Drive's multipart upload takes them: the
 * metadata (JSON) and the media. Null when the body is not of that form.
 */
function parseMultipartRelated(
  contentType: string,
  body: Buffer,
): { metadata: Record<string, unknown>; mediaType: string; media: Buffer } | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (!/^multipart\/related/i.test(contentType) || !boundary) return null
  const text = body.toString('latin1')
  const delimiter = `--${boundary}`
  const parts = text
    .split(delimiter)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => {
      const trimmed = part.replace(/^\r?\n/, '').replace(/\r?\n$/, '')
      const split = /\r?\n\r?\n/.exec(trimmed)
      if (!split) return null
      const headers = trimmed.slice(0, split.index)
      return {
        type: /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream',
        body: Buffer.from(trimmed.slice(split.index + split[0].length), 'latin1'),
      }
    })
  const [meta, media] = parts
  if (parts.length !== 2 || !meta || !media || !/json/i.test(meta.type)) return null
  try {
    const metadata = JSON.parse(meta.body.toString('utf8')) as unknown
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return null
    return { metadata: metadata as Record<string, unknown>, mediaType: media.type, media: media.body }
  } catch {
    return null
  }
}

/**
 * The name of a Drive search `q` of the form `name = '…'` (`\'` and `\\` escapes, as Drive's query
 * language has them); null for any other query.
 */
function parseNameQuery(q: string): string | null {
  const match = /^\s*name\s*=\s*'((?:[^'\\]|\\.)*)'\s*$/.exec(q)
  if (match?.[1] === undefined) return null
  return match[1].replace(/\\(.)/g, '$1')
}

function fileResource(file: GoogleDriveStandInFile) {
  return { kind: 'drive#file', id: file.id, name: file.name, mimeType: file.mimeType }
}

/**
 * Starts a stand-in of the Google Drive API v3 on 127.0.0.1, the subset an app keeping data in the user's
 * app-data folder uses (https://developers.google.com/drive/api/guides/appdata), enforcing what Drive
 * enforces:
 * - a Bearer access token of the local identity provider, introspected there (RFC 7662): none → 401
 *   `required`; unknown or expired → 401 `authError`; without the `drive.appdata` scope → 403
 *   `insufficientPermissions`;
 * - each OAuth client has its own app-data folder per user: another client's token never sees its files
 *   (they answer 404 `notFound`, as files that do not exist);
 * - only the app-data folder: a file created elsewhere or a list of another space → 403 `insufficientScopes`;
 * - sharing (`POST /drive/v3/files/{id}/permissions`), trashing (`PATCH {trashed: true}`) and moving
 *   (`PATCH ?addParents=…/removeParents=…`) → 403 `notSupportedForAppDataFolderFiles`.
 * Calls: `POST /upload/drive/v3/files?uploadType=multipart` (metadata `{ name, parents: ['appDataFolder'] }`
 * and the media, `multipart/related`) → the file `{ kind: 'drive#file', id, name, mimeType }`;
 * `GET /drive/v3/files?spaces=appDataFolder&q=name='…'` → `{ kind: 'drive#fileList', incompleteSearch:
 * false, files }`; `GET /drive/v3/files/{id}` (metadata) and `?alt=media` (the content);
 * `DELETE /drive/v3/files/{id}` → 204. Errors have Google's shape, `{ error: { code, message, errors,
 * status } }`. CORS is open, as Google's API is to browsers. Stop it with `close()`.
 *
 * @example
 * const idp = await startLocalIdentityProvider({ users })
 * const drive = await startGoogleDriveStandIn({ identityProvider: idp })
 * // the wallet frame's Drive API base URL: drive.url
 */
export async function startGoogleDriveStandIn(
  options: StartGoogleDriveStandInOptions,
): Promise<GoogleDriveStandIn> {
  const { introspection } = options.identityProvider
  /** `${clientId} ${subject}` → file id → file. */
  const folders = new Map<string, Map<string, GoogleDriveStandInFile>>()
  const folderOf = (clientId: string, subject: string) => {
    const key = `${clientId} ${subject}`
    let folder = folders.get(key)
    if (!folder) {
      folder = new Map()
      folders.set(key, folder)
    }
    return folder
  }

  async function authenticate(
    request: IncomingMessage,
  ): Promise<{ clientId: string; subject: string } | DriveError> {
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')
    if (!match?.[1]) return errors.loginRequired
    const answer = await fetch(introspection.url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${introspection.clientId}:${introspection.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ token: match[1], token_type_hint: 'access_token' }),
    })
    const token = (await answer.json()) as {
      active?: boolean
      client_id?: string
      sub?: string
      scope?: string
    }
    if (!answer.ok || token.active !== true || !token.client_id || !token.sub)
      return errors.invalidCredentials
    if (!(token.scope ?? '').split(' ').includes(GOOGLE_DRIVE_APPDATA_SCOPE))
      return errors.insufficientPermissions
    return { clientId: token.client_id, subject: token.sub }
  }

  async function handle(request: IncomingMessage, response: ServerResponse, url: URL) {
    const method = request.method ?? 'GET'
    const caller = await authenticate(request)
    if ('code' in caller)
      return sendError(
        response,
        caller,
        caller.code === 401 ? { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' } : {},
      )
    const folder = folderOf(caller.clientId, caller.subject)

    if (url.pathname === '/upload/drive/v3/files') {
      if (method !== 'POST') return sendError(response, badRequest('Method not allowed'))
      if (url.searchParams.get('uploadType') !== 'multipart')
        return sendError(response, badRequest('Invalid Value', 'uploadType'))
      const parsed = parseMultipartRelated(request.headers['content-type'] ?? '', await readBody(request))
      if (!parsed) return sendError(response, badRequest('Malformed multipart body.'))
      const { name, parents } = parsed.metadata
      if (!Array.isArray(parents) || parents.length !== 1 || parents[0] !== 'appDataFolder')
        return sendError(response, errors.insufficientScopes)
      const file: GoogleDriveStandInFile = {
        id: randomBytes(22).toString('base64url'),
        name: typeof name === 'string' && name ? name : 'Untitled',
        mimeType: typeof parsed.metadata.mimeType === 'string' ? parsed.metadata.mimeType : parsed.mediaType,
        createdTime: new Date().toISOString(),
        content: parsed.media,
      }
      folder.set(file.id, file)
      return sendJson(response, 200, fileResource(file))
    }

    if (url.pathname === '/drive/v3/files') {
      if (method === 'POST')
        return sendError(response, badRequest('Metadata-only files are not supported here.'))
      if (method !== 'GET') return sendError(response, badRequest('Method not allowed'))
      const spaces = (url.searchParams.get('spaces') ?? 'drive').split(',')
      if (spaces.some((space) => space.trim() !== 'appDataFolder'))
        return sendError(response, errors.insufficientScopes)
      const q = url.searchParams.get('q')
      const name = q === null ? null : parseNameQuery(q)
      if (q !== null && name === null) return sendError(response, badRequest('Invalid Value', 'q'))
      const files = [...folder.values()].filter((file) => name === null || file.name === name)
      return sendJson(response, 200, {
        kind: 'drive#fileList',
        incompleteSearch: false,
        files: files.map(fileResource),
      })
    }

    const permissions = /^\/drive\/v3\/files\/([^/]+)\/permissions$/.exec(url.pathname)
    if (permissions?.[1]) {
      const id = decodeURIComponent(permissions[1])
      if (!folder.has(id)) return sendError(response, notFound(id))
      return sendError(response, errors.notSupportedForAppDataFolderFiles)
    }

    const one = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname)
    if (one?.[1]) {
      const id = decodeURIComponent(one[1])
      const file = folder.get(id)
      if (!file) return sendError(response, notFound(id))
      if (method === 'GET') {
        if (url.searchParams.get('alt') === 'media') {
          response.writeHead(200, { 'content-type': file.mimeType, 'content-length': file.content.length })
          return response.end(file.content)
        }
        return sendJson(response, 200, fileResource(file))
      }
      if (method === 'DELETE') {
        folder.delete(id)
        response.writeHead(204)
        return response.end()
      }
      if (method === 'PATCH') {
        if (url.searchParams.has('addParents') || url.searchParams.has('removeParents'))
          return sendError(response, errors.notSupportedForAppDataFolderFiles)
        let patch: Record<string, unknown>
        try {
          patch = JSON.parse((await readBody(request)).toString('utf8') || '{}') as Record<string, unknown>
        } catch {
          return sendError(response, badRequest('Invalid JSON payload received.'))
        }
        if (patch.trashed !== undefined || patch.parents !== undefined)
          return sendError(response, errors.notSupportedForAppDataFolderFiles)
        if (typeof patch.name === 'string' && patch.name) file.name = patch.name
        return sendJson(response, 200, fileResource(file))
      }
    }
    return sendError(response, { code: 404, message: 'Not Found', reason: 'notFound', status: 'NOT_FOUND' })
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const origin = request.headers.origin
    if (origin) {
      response.setHeader('access-control-allow-origin', origin)
      response.setHeader('vary', 'origin')
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PATCH, DELETE',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '3600',
      })
      return response.end()
    }
    handle(request, response, url).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, badRequest((error as Error).message))
      else response.end()
    })
  })
  const { url, close } = await listenLocally(server, { port: options.port })
  return {
    url,
    appDataFiles({ clientId, subject }) {
      return [...(folders.get(`${clientId} ${subject}`)?.values() ?? [])]
    },
    close,
  }
}

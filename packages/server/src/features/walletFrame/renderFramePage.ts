import { renderBundledPage } from '../../http/bundledPage'

/** Characters of an allowed-origin pattern as stored (see `normalizeOriginPattern`). */
const originPatternShape = /^https?:\/\/[A-Za-z0-9.\-[\]:]+(?::\*)?$/

/**
 * The `Content-Security-Policy` of the frame pages (docs/security.md property 58): `frame-ancestors` lists
 * the app's allowed origins (port wildcards like `http://localhost:*` are valid CSP), `'none'` when it has
 * none; scripts only from this origin; `connect-src` also allows https chain RPC URLs (and http in
 * non-production, for local chains).
 */
export function framePageCsp(allowedOrigins: readonly string[], production: boolean): string {
  const ancestors = allowedOrigins.filter((origin) => originPatternShape.test(origin))
  return [
    "default-src 'none'",
    "script-src 'self'",
    `connect-src 'self' https: wss:${production ? '' : ' http: ws:'}`,
    "img-src 'self' data:",
    "style-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ')
}

/**
 * The HTML of a frame page: the config block the frame script reads (`{ appId, allowedOrigins,
 * googleDriveApiUrl?, cloudKitApiUrl? }`) and the
 * module script. The export page has a `<main id="foyer-export">` the key is rendered into, the import page a
 * `<main id="foyer-import">` holding the form the key is typed into.
 */
export function renderFramePage(parameters: {
  appId: string
  allowedOrigins: readonly string[]
  /** The Drive API base URL of Google Drive recovery; absent: the frame's default, Google's. */
  googleDriveApiUrl?: string | undefined
  /** The CloudKit Web Services base URL of iCloud recovery; absent: the frame's default, Apple's. */
  cloudKitApiUrl?: string | undefined
  scriptPath: string
  kind: 'frame' | 'export' | 'import'
}): string {
  const title = { frame: 'Foyer wallet', export: 'Foyer wallet export', import: 'Foyer wallet import' }[
    parameters.kind
  ]
  return renderBundledPage({
    title,
    configId: 'foyer-frame-config',
    config: {
      appId: parameters.appId,
      allowedOrigins: parameters.allowedOrigins,
      ...(parameters.googleDriveApiUrl ? { googleDriveApiUrl: parameters.googleDriveApiUrl } : {}),
      ...(parameters.cloudKitApiUrl ? { cloudKitApiUrl: parameters.cloudKitApiUrl } : {}),
    },
    scriptPath: parameters.scriptPath,
    body: parameters.kind === 'frame' ? '' : `<main id="foyer-${parameters.kind}"></main>`,
  })
}

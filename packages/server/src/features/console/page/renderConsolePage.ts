import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { renderBundledPage } from '../../../http/bundledPage'

/**
 * The `Content-Security-Policy` of the console page (docs/console.md#the-page; docs/content-security-policy.md):
 * scripts and style sheets from this origin only, the SDK's injected styles by the response's `nonce`,
 * calls and frames (the wallet frame) to this origin only, no framing of the console itself.
 */
export function consolePageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "connect-src 'self'",
    "frame-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The console page: a config block (`{ appId, nonce }`) the script reads, the style sheet and the module
 * script of the build, and the `<div id="foyer-console">` React renders into.
 */
export function renderConsolePage(parameters: {
  nonce: string
  scriptPath: string
  stylePath: string | null
}): string {
  return renderBundledPage({
    title: 'Foyer console',
    configId: 'foyer-console-config',
    config: { appId: CONSOLE_APP_ID, nonce: parameters.nonce },
    head: parameters.stylePath ? [`<link rel="stylesheet" href="${parameters.stylePath}">`] : [],
    scriptPath: parameters.scriptPath,
    body: '<div id="foyer-console"></div>',
  })
}

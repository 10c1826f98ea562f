import { type ChainType, CLOUDKIT_API_URL, type FrameReply, frameRequestSchema } from '@foyer/protocol'
import { createGoogleDriveAppData, GOOGLE_APIS_URL } from '../drive/googleDriveAppData'
import { createFarcasterSigner } from '../farcaster/createFarcasterSigner'
import { createCloudKitPrivateDatabase } from '../icloud/cloudKitPrivateDatabase'
import { createTokenVerifier } from './createTokenVerifier'
import type { DeviceShareStore } from './DeviceShareStore'
import type { ExportedKey } from './ExportedKey'
import type { FrameApi } from './FrameApi'
import type { FrameMode } from './FrameMode'
import type { AskImportKey, FrameState } from './FrameState'
import { malformedMessageReply } from './malformedMessageReply'
import { runFrameEvent } from './runFrameEvent'
import { callApi } from './steps/callApi'

export type CreateFrameHandlerParameters = {
  appId: string
  api: FrameApi
  deviceShares: DeviceShareStore
  /** 'wallet' (hidden frame) or 'export' (export page: only ready, connect, recover and export). */
  mode: FrameMode
  /** Export page: renders the key in the frame's own DOM. */
  showExport?: ((key: ExportedKey) => void) | undefined
  /** Import page: asks the user for the key in the frame's own DOM. */
  askImportKey?: AskImportKey | undefined
  /**
   * Hook run before the key is exported (where MFA is forced); throw a
   * `FrameRequestError('missing_or_invalid_mfa', …)` to refuse. Default: allow.
   */
  beforeExport?: ((parameters: { accessToken: string; chainType: ChainType }) => Promise<void>) | undefined
  /** fetch used for chain RPC (tests). */
  fetch?: typeof fetch | undefined
  /** The Google Drive API base URL (Google Drive recovery); default `https://www.googleapis.com`. */
  googleDriveApiUrl?: string | undefined
  /** The CloudKit Web Services base URL (iCloud recovery); default `https://api.apple-cloudkit.com`. */
  cloudKitApiUrl?: string | undefined
  now?: () => number
  /**
   * Called with failures that are not `FrameRequestError`s (bugs, platform errors) before the generic
   * reply; for diagnostics. Log names and messages only: never key material.
   */
  onUnexpectedError?: ((error: unknown) => void) | undefined
}

/** The frame's message handler: a request object in, the reply to post back out. */
export type FrameHandler = {
  handle(message: unknown): Promise<FrameReply>
  /** Forgets every unlocked key (memory only). */
  clear(): void
}

/**
 * The wallet frame's logic, independent of the window (node-testable): validates every request with its
 * protocol schema, checks the access token (its own session state), keeps rebuilt keys in memory only,
 * keeps the device share (and the Farcaster signer key, see `createFarcasterSigner`) in `deviceShares`,
 * talks to the server through `api`, and answers every request — success or `{ type, message, code? }`
 * error, never silence (`docs/frame-protocol.md`). Each event has its handler in `frameEventHandlers`.
 * Origin and source checks happen before, in `installFrameListener`.
 *
 * Errors (types): `invalid_request_arguments` (malformed request, 4200 for RPC params),
 * `wallet_not_on_device` (no device share and a user-owned recovery method), `invalid_recovery_pin` (wrong
 * password), `insufficient_funds`, `reauthentication_required`, the MFA types, `error` (4100 bad token,
 * 4900 wallet not connected, -32603 internal).
 *
 * @example
 * const handler = createFrameHandler({ appId, api, deviceShares: createMemoryShareStore(), mode: 'wallet' })
 * const reply = await handler.handle({ id: '1', event: 'privy:iframe:ready', data: {} })
 */
export function createFrameHandler(parameters: CreateFrameHandlerParameters): FrameHandler {
  const { appId, api, deviceShares } = parameters
  const state: FrameState = {
    appId,
    mode: parameters.mode,
    api,
    deviceShares,
    verifyToken: createTokenVerifier({
      appId,
      getJwks: () => api.getJwks(),
      ...(parameters.now ? { now: parameters.now } : {}),
    }),
    farcasterSigner: createFarcasterSigner({
      appId,
      keys: deviceShares,
      initSigner: (accessToken, body) => callApi(() => api.initFarcasterSigner(accessToken, body)),
    }),
    googleDrive: createGoogleDriveAppData({ baseUrl: parameters.googleDriveApiUrl ?? GOOGLE_APIS_URL }),
    cloudKit: createCloudKitPrivateDatabase({ baseUrl: parameters.cloudKitApiUrl ?? CLOUDKIT_API_URL }),
    unlocked: new Map(),
    inFlight: new Map(),
    showExport: parameters.showExport,
    askImportKey: parameters.askImportKey,
    beforeExport: parameters.beforeExport,
    fetch: parameters.fetch,
    onUnexpectedError: parameters.onUnexpectedError,
  }
  return {
    async handle(message) {
      const envelope = frameRequestSchema.safeParse(parseTextEnvelope(message))
      if (!envelope.success) return malformedMessageReply(message)
      return runFrameEvent(state, envelope.data)
    },
    clear() {
      state.unlocked.clear()
    },
  }
}

/** The longest request text the frame parses (a request is a few kB; the largest carry a transaction). */
const MAX_TEXT_ENVELOPE_LENGTH = 1_000_000

/**
 * A request may arrive as its JSON text: the reference client's core posts `JSON.stringify({ id, event,
 * data })` (docs/frame-protocol.md#compatibility-with-the-reference-client). Text that parses to an object
 * is read as that object; anything else is returned unchanged, for the envelope check to refuse.
 */
function parseTextEnvelope(message: unknown): unknown {
  if (typeof message !== 'string' || message.length > MAX_TEXT_ENVELOPE_LENGTH) return message
  try {
    const parsed: unknown = JSON.parse(message)
    return typeof parsed === 'object' && parsed !== null ? parsed : message
  } catch {
    return message
  }
}

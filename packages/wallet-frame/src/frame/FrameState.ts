import type { ChainType } from '@foyer/protocol'
import type { GoogleDriveAppData } from '../drive/googleDriveAppData'
import type { FarcasterSignerHandlers } from '../farcaster/createFarcasterSigner'
import type { CloudKitPrivateDatabase } from '../icloud/cloudKitPrivateDatabase'
import type { VerifiedToken } from './createTokenVerifier'
import type { DeviceShareStore } from './DeviceShareStore'
import type { ExportedKey } from './ExportedKey'
import type { FrameApi } from './FrameApi'
import type { FrameMode } from './FrameMode'
import type { UnlockedEntropy } from './UnlockedEntropy'

/**
 * Shows the import page's form for a `chainType` key and resolves with what `parse` makes of the text the
 * user submits; a text `parse` refuses (it throws an `Error` whose message is for the user) is shown beside
 * the field and the form waits for another. Rejects when the page is closed.
 */
export type AskImportKey = <Key>(parameters: {
  chainType: ChainType
  parse: (text: string) => Key
}) => Promise<Key>

/**
 * What the frame's event handlers share, built once by `createFrameHandler`: the unlocked keys (memory
 * only), the unlocks in flight, the token verifier, the device share store, the server API and the
 * Farcaster signer.
 */
export type FrameState = {
  appId: string
  mode: FrameMode
  api: FrameApi
  deviceShares: DeviceShareStore
  /** Checks an access token (signature, audience, expiry) and returns its subject. */
  verifyToken(accessToken: string): Promise<VerifiedToken>
  farcasterSigner: FarcasterSignerHandlers
  /** The user's Drive app-data folder (Google Drive recovery), on the Drive API base URL of the frame config. */
  googleDrive: GoogleDriveAppData
  /**
   * The user's private CloudKit database (iCloud recovery, docs/recovery-icloud.md); absent: Apple's, at
   * `https://api.apple-cloudkit.com`.
   */
  cloudKit?: CloudKitPrivateDatabase | undefined
  /** Rebuilt entropies by `entropyKey`. */
  unlocked: Map<string, UnlockedEntropy>
  /** Unlocks under way by `<owner>|<entropyKey>`: concurrent requests share one. */
  inFlight: Map<string, Promise<UnlockedEntropy>>
  /** Export page: renders the key in the frame's own DOM. */
  showExport: ((key: ExportedKey) => void) | undefined
  /** Import page: the key the user types into the page's own form ({@link AskImportKey}). */
  askImportKey: AskImportKey | undefined
  /** Runs before a key is exported; throws a `FrameRequestError` to refuse. */
  beforeExport: ((parameters: { accessToken: string; chainType: ChainType }) => Promise<void>) | undefined
  /** fetch used for chain RPC. */
  fetch: typeof fetch | undefined
  /** Receives failures that are not `FrameRequestError`s, before the generic reply. */
  onUnexpectedError: ((error: unknown) => void) | undefined
}

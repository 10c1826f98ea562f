import { googleDriveSecretFileNameSchema } from '@foyer/protocol'
import { fromBase64 } from '../encoding/fromBase64'
import { toBase64 } from '../encoding/toBase64'
import { FrameRequestError } from '../errors/FrameRequestError'
import type { GoogleDriveAppData } from './googleDriveAppData'

/** Bytes of a recovery secret: an AES-256 key. */
const SECRET_BYTES = 32

/**
 * Makes a random 32-byte recovery secret (never a share) and stores it in the user's Drive app-data folder
 * as `foyer-recovery-secret-<32 random hex>.json` (`{ "version": 1, "recovery_secret": "<base64>" }`), then
 * reads it back by name to be sure Drive keeps it before anything depends on it. The access token is used
 * for these calls only. Errors: those of {@link GoogleDriveAppData}; 'Google Drive did not keep the
 * recovery secret' when the read-back differs.
 *
 * @example const { secret, fileName } = await storeRecoverySecret(drive, googleAccessToken)
 */
export async function storeRecoverySecret(
  drive: GoogleDriveAppData,
  accessToken: string,
): Promise<{ secret: Uint8Array; fileName: string }> {
  const secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES))
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  const fileName = `foyer-recovery-secret-${suffix}.json`
  await drive.create(accessToken, {
    name: fileName,
    content: JSON.stringify({ version: 1, recovery_secret: toBase64(secret) }),
  })
  const stored = await readRecoverySecret(drive, accessToken, fileName)
  if (toBase64(stored) !== toBase64(secret))
    throw new FrameRequestError('error', 'Google Drive did not keep the recovery secret')
  return { secret, fileName }
}

/**
 * Reads the recovery secret back from the user's Drive app-data folder by its file name. Errors
 * (`FrameRequestError('error', …)`): 'The recovery secret is not in this Google Drive' when no file has
 * that name (another Google account, or the user removed the app's data), 'The recovery secret in Google
 * Drive is damaged' when its content is not a secret, and those of {@link GoogleDriveAppData}.
 *
 * @example const secret = await readRecoverySecret(drive, googleAccessToken, material.secret_file_name)
 */
export async function readRecoverySecret(
  drive: GoogleDriveAppData,
  accessToken: string,
  fileName: string,
): Promise<Uint8Array> {
  googleDriveSecretFileNameSchema.parse(fileName)
  const [file] = await drive.findByName(accessToken, fileName)
  if (!file) throw new FrameRequestError('error', 'The recovery secret is not in this Google Drive')
  const text = await drive.read(accessToken, file.id)
  let secret: Uint8Array | undefined
  try {
    const parsed = JSON.parse(text) as { version?: unknown; recovery_secret?: unknown }
    if (parsed.version === 1 && typeof parsed.recovery_secret === 'string')
      secret = fromBase64(parsed.recovery_secret)
  } catch {
    secret = undefined
  }
  if (secret?.length !== SECRET_BYTES)
    throw new FrameRequestError('error', 'The recovery secret in Google Drive is damaged')
  return secret
}

/**
 * Deletes a recovery secret that no longer protects anything (the wallet moved to another method or a new
 * secret) from the user's Drive app-data folder: every file of that name. Returns how many it deleted (0
 * when it was already gone, e.g. another Google account). Errors: those of {@link GoogleDriveAppData}.
 *
 * @example await removeRecoverySecret(drive, googleAccessToken, previous.secret_file_name)
 */
export async function removeRecoverySecret(
  drive: GoogleDriveAppData,
  accessToken: string,
  fileName: string,
): Promise<number> {
  googleDriveSecretFileNameSchema.parse(fileName)
  const files = await drive.findByName(accessToken, fileName)
  for (const file of files) await drive.remove(accessToken, file.id)
  return files.length
}

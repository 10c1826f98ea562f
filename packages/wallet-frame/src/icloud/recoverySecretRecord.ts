import {
  CLOUDKIT_API_URL,
  ICLOUD_RECOVERY_RECORD_TYPE,
  type IcloudConfigurationResponse,
  icloudRecordNameSchema,
} from '@foyer/protocol'
import { fromBase64 } from '../encoding/fromBase64'
import { toBase64 } from '../encoding/toBase64'
import { FrameRequestError } from '../errors/FrameRequestError'
import {
  type CloudKitPrivateDatabase,
  type CloudKitSession,
  createCloudKitPrivateDatabase,
} from './cloudKitPrivateDatabase'

/** Bytes of a recovery secret: an AES-256 key. */
const SECRET_BYTES = 32

/** The CloudKit session of the app's container (`recovery/configuration_icloud`) and the user's sign-in. */
export function cloudKitSession(
  configuration: IcloudConfigurationResponse,
  webAuthToken: string,
): CloudKitSession {
  if (!webAuthToken) throw new FrameRequestError('invalid_request_arguments', 'An iCloud sign-in is required')
  return {
    containerIdentifier: configuration.container_identifier,
    environment: configuration.environment,
    apiToken: configuration.api_token,
    webAuthToken,
  }
}

/**
 * Makes a random 32-byte recovery secret (never a share) and saves it in the user's private CloudKit
 * database as the record `foyer-recovery-secret-<32 random hex>` of type `FoyerRecoverySecret`, field
 * `recovery_secret` (base64), then reads it back by name before anything depends on it. Errors: those of
 * {@link CloudKitPrivateDatabase}; 'iCloud did not keep the recovery secret' when the read-back differs.
 *
 * @example const { secret, recordName } = await storeIcloudRecoverySecret(cloudKit, session)
 */
export async function storeIcloudRecoverySecret(
  cloudKit: CloudKitPrivateDatabase,
  session: CloudKitSession,
): Promise<{ secret: Uint8Array; recordName: string }> {
  const secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES))
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  const recordName = `foyer-recovery-secret-${suffix}`
  await cloudKit.create(session, {
    recordName,
    recordType: ICLOUD_RECOVERY_RECORD_TYPE,
    fields: { recovery_secret: toBase64(secret) },
  })
  const stored = await readIcloudRecoverySecret(cloudKit, session, recordName)
  if (toBase64(stored) !== toBase64(secret))
    throw new FrameRequestError('error', 'iCloud did not keep the recovery secret')
  return { secret, recordName }
}

/**
 * Reads the recovery secret back from the user's private CloudKit database by its record name. Errors
 * (`FrameRequestError('error', …)`): 'The recovery secret is not in this iCloud account' when no record has
 * that name (another Apple ID, or the record was removed), 'The recovery secret in iCloud is damaged' when
 * its field is not a secret, and those of {@link CloudKitPrivateDatabase}.
 *
 * @example const secret = await readIcloudRecoverySecret(cloudKit, session, material.icloud_record_name)
 */
export async function readIcloudRecoverySecret(
  cloudKit: CloudKitPrivateDatabase,
  session: CloudKitSession,
  recordName: string,
): Promise<Uint8Array> {
  icloudRecordNameSchema.parse(recordName)
  const record = await cloudKit.lookup(session, recordName)
  if (!record) throw new FrameRequestError('error', 'The recovery secret is not in this iCloud account')
  let secret: Uint8Array | undefined
  try {
    const value = record.fields.recovery_secret
    secret = value === undefined ? undefined : fromBase64(value)
  } catch {
    secret = undefined
  }
  if (record.recordType !== ICLOUD_RECOVERY_RECORD_TYPE || secret?.length !== SECRET_BYTES)
    throw new FrameRequestError('error', 'The recovery secret in iCloud is damaged')
  return secret
}

/** What the iCloud steps need of the frame: its API (the container configuration) and CloudKit client. */
type IcloudFrameState = {
  api: { getIcloudConfiguration(accessToken: string): Promise<IcloudConfigurationResponse> }
  cloudKit?: CloudKitPrivateDatabase | undefined
}

/** The frame's CloudKit client; Apple's when none is set. */
const cloudKitOf = (state: IcloudFrameState) =>
  state.cloudKit ?? createCloudKitPrivateDatabase({ baseUrl: CLOUDKIT_API_URL })

/**
 * The iCloud half of `privy:wallets:set-recovery` with `icloud`: the app's container from the server (as the
 * user `accessToken`), then a new secret saved with the user's web auth token (used for these calls only).
 * `nextWebAuthToken`: the fresh token CloudKit handed back with the last call (a token authorizes one call),
 * for a further call in the same request.
 */
export async function saveIcloudSecret(
  state: IcloudFrameState,
  accessToken: string,
  webAuthToken: string,
): Promise<{ secret: Uint8Array; recordName: string; nextWebAuthToken: string }> {
  const session = cloudKitSession(await state.api.getIcloudConfiguration(accessToken), webAuthToken)
  const saved = await storeIcloudRecoverySecret(cloudKitOf(state), session)
  return { ...saved, nextWebAuthToken: session.webAuthToken }
}

/**
 * The iCloud half of a recovery: the secret of record `recordName`, read with the user's web auth token, and
 * the fresh token CloudKit handed back with the read (`nextWebAuthToken`; the given one is spent).
 */
export async function loadIcloudSecret(
  state: IcloudFrameState,
  accessToken: string,
  webAuthToken: string,
  recordName: string,
): Promise<{ secret: Uint8Array; nextWebAuthToken: string }> {
  const session = cloudKitSession(await state.api.getIcloudConfiguration(accessToken), webAuthToken)
  const secret = await readIcloudRecoverySecret(cloudKitOf(state), session, recordName)
  return { secret, nextWebAuthToken: session.webAuthToken }
}

/**
 * Deletes a recovery secret record that no longer protects anything (the wallet left `icloud` or took a new
 * secret) from the user's private CloudKit database with a `forceDelete` of `records/modify`
 * (docs/recovery-icloud.md "Changing the method"), as the user `accessToken` (the container) and with the
 * user's web auth token (used for this call only). Returns false when the record was already gone (or the
 * token is another Apple ID's). Errors: those of {@link CloudKitPrivateDatabase}.
 */
export async function removeIcloudSecret(
  state: IcloudFrameState,
  accessToken: string,
  webAuthToken: string,
  recordName: string,
): Promise<boolean> {
  icloudRecordNameSchema.parse(recordName)
  const session = cloudKitSession(await state.api.getIcloudConfiguration(accessToken), webAuthToken)
  return cloudKitOf(state).forceDelete(session, recordName)
}

import { afterAll, beforeAll } from 'vitest'
import { createAppRecord } from '../features/apps/service'
import {
  type CloudKitStandIn,
  type CloudKitStandInContainer,
  type CloudKitUserRef,
  startCloudKitStandIn,
} from '../testing/cloudKit/cloudKitStandIn'
import { createTestContext, type TestContext } from './createTestContext'

/** The user `appleId` of `container`'s private database, as the CloudKit stand-in addresses it. */
export const appleIdIn = (
  container: Pick<CloudKitStandInContainer, 'containerIdentifier' | 'environment'>,
  appleId: string,
): CloudKitUserRef => ({
  containerIdentifier: container.containerIdentifier,
  environment: container.environment,
  appleId,
})

/**
 * The CloudKit stand-in serving `container`, a test server pointed at it, and an app named `name` whose
 * wallets may be secured with a passcode or iCloud (docs/recovery-icloud.md). Close `t` and `cloudKit`.
 */
export async function startIcloudApp(
  name: string,
  container: CloudKitStandInContainer,
): Promise<{ t: TestContext; cloudKit: CloudKitStandIn; appId: string }> {
  const cloudKit = await startCloudKitStandIn({ containers: [container] })
  const t = await createTestContext({ cloudKitApiUrl: cloudKit.url })
  const app = await createAppRecord(t.db, {
    name,
    allowedOrigins: ['http://localhost:*'],
    settings: {
      embedded_wallet_config: { user_owned_recovery_options: ['user-passcode', 'icloud'] },
      icloud_recovery: {
        container_identifier: container.containerIdentifier,
        environment: container.environment,
        api_token: container.apiToken,
      },
    },
    masterKey: t.masterKey,
  })
  return { t, cloudKit, appId: app.id }
}

/**
 * Starts the CloudKit stand-in serving `containers` before the file's tests and closes it after them;
 * the returned function gives the running stand-in (inside tests and hooks only).
 */
export function useCloudKitStandIn(containers: CloudKitStandInContainer[]): () => CloudKitStandIn {
  let cloudKit: CloudKitStandIn | undefined
  beforeAll(async () => {
    cloudKit = await startCloudKitStandIn({ containers })
  })
  afterAll(async () => cloudKit?.close())
  return () => {
    if (!cloudKit) throw new Error('The CloudKit stand-in is not running (use it inside tests)')
    return cloudKit
  }
}

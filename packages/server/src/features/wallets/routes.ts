import { type AppSettings, endpoints, isIcloudRecoveryConfigured } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { foyerError } from '../../errors/foyerError'
import { endpointRoute } from '../../http/endpointRoute'
import { requireFrameOrigin } from '../../http/requireFrameOrigin'
import type { ServerContext } from '../../ServerContext'
import { assertMfaVerified } from '../mfa/verifications'
import { requireSession } from '../sessions/requireSession'
import { assertTermsAccepted } from '../users/service'
import { requireDeviceProof } from '../walletDevices/service'
import {
  assertMayPassMfaGate,
  createAdditionalEmbeddedWallet,
  createEmbeddedWallet,
  importEmbeddedWallet,
  listEmbeddedWallets,
  releaseAuthShare,
  releaseRecoveryMaterial,
  setRecoveryMethod,
} from './service'

/**
 * Embedded-wallet endpoints (`docs/api.md`, `docs/security.md`): list, create (index 0), additional (the next
 * index), import (an existing key, docs/embedded-wallets.md), auth-share and recovery-material release, the export page's auth share (refused to guests),
 * recovery-method change. All need a live session (`requireSession`); all but the list also need, in
 * order: the wallet frame's origin (`requireFrameOrigin`, a browser-only filter, never an authenticator),
 * when the app requires terms a user who accepted them (403 `terms_not_accepted`), and a proof signed by
 * a registered device key of the user (`requireDeviceProof`: 401 `invalid_device_proof`, 403
 * `device_not_registered`). A bearer of an access or refresh token alone gets nothing toward a key.
 */
export async function walletRoutes(app: FastifyInstance, options: { context: ServerContext }): Promise<void> {
  const { context } = options
  async function frameSession(request: Parameters<typeof requireSession>[1]) {
    const session = await requireSession(context, request)
    requireFrameOrigin(request)
    // With terms required, no wallet is created, unlocked or exported before they are accepted.
    await assertTermsAccepted(context.db, session.app, session.userId)
    await requireDeviceProof(context, request, session)
    return session
  }

  endpointRoute(app, endpoints['GET /api/v1/embedded_wallets'], {}, async (request) => {
    const { userId } = await requireSession(context, request)
    return { wallets: await listEmbeddedWallets(context.db, userId) }
  })
  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets'], {}, async (request) => {
    const { app: foyerApp, userId, sessionId } = await frameSession(request)
    assertRecoveryOffered(foyerApp, request.body.recovery)
    await assertMfaVerified(context, { sessionId, userId, need: 'recent' })
    return {
      wallet: await createEmbeddedWallet(context, { appId: foyerApp.id, userId, body: request.body }),
    }
  })
  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets/additional'], {}, async (request) => {
    const { app: foyerApp, userId, sessionId } = await frameSession(request)
    await assertMfaVerified(context, { sessionId, userId, need: 'recent' })
    return {
      wallet: await createAdditionalEmbeddedWallet(context, {
        appId: foyerApp.id,
        userId,
        body: request.body,
      }),
    }
  })
  // An imported key is a new wallet: the same gates as a create.
  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets/import'], {}, async (request) => {
    const { app: foyerApp, userId, sessionId } = await frameSession(request)
    assertRecoveryOffered(foyerApp, request.body.recovery)
    await assertMfaVerified(context, { sessionId, userId, need: 'recent' })
    return {
      wallet: await importEmbeddedWallet(context, { appId: foyerApp.id, userId, body: request.body }),
    }
  })
  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets/auth_share'], {}, async (request, reply) => {
    const { sessionId, userId } = await frameSession(request)
    // A user with a second factor must have verified recently (docs/security.md properties 15, 63).
    await assertMfaVerified(context, { sessionId, userId, need: 'recent' })
    reply.header('cache-control', 'no-store')
    return releaseAuthShare(context, {
      userId,
      chainType: request.body.chain_type,
      entropyId: request.body.entropy_id,
    })
  })
  // The export page's auth share (docs/modal.md): refused to guests until they upgrade
  // (docs/security.md property 54: 403 `missing_or_invalid_mfa`); MFA-enrolled users need a new verification,
  // spent here, so export always asks (security property 16).
  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets/export'], {}, async (request, reply) => {
    const { sessionId, userId } = await frameSession(request)
    await assertMayPassMfaGate(context, { sessionId, userId, action: 'Exporting a wallet', need: 'fresh' })
    reply.header('cache-control', 'no-store')
    return releaseAuthShare(context, {
      userId,
      chainType: request.body.chain_type,
      entropyId: request.body.entropy_id,
    })
  })
  endpointRoute(
    app,
    endpoints['POST /api/v1/embedded_wallets/recovery_material'],
    {},
    async (request, reply) => {
      const { sessionId, userId } = await frameSession(request)
      // With the device share, the recovery share rebuilds the key as the auth share does: same gate.
      await assertMfaVerified(context, { sessionId, userId, need: 'recent' })
      reply.header('cache-control', 'no-store')
      return releaseRecoveryMaterial(context, {
        userId,
        chainType: request.body.chain_type,
        entropyId: request.body.entropy_id,
      })
    },
  )
  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets/recovery'], {}, async (request) => {
    const { app: foyerApp, userId, sessionId } = await frameSession(request)
    // Changing what protects the key always asks a user with a factor again (spends the verification).
    assertRecoveryOffered(foyerApp, request.body.recovery)
    await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
    return { wallet: await setRecoveryMethod(context, { userId, body: request.body }) }
  })
}

/**
 * A wallet's recovery goes to the user's Google Drive or iCloud only in an app that offers it
 * (docs/recovery-oauth.md, docs/recovery-icloud.md "Rules"): 403 `disallowed_login_method` 'Google Drive
 * recovery not allowed.' for a `google-drive` upload when the app's `user_owned_recovery_options` lacks
 * `google-drive`; 'iCloud recovery not allowed.' for an `icloud` upload when they lack `icloud` or the app's
 * iCloud container is not configured.
 */
function assertRecoveryOffered(
  foyerApp: { settings: Pick<AppSettings, 'embedded_wallet_config' | 'icloud_recovery'> },
  recovery: { recovery_method: string },
): void {
  const options = foyerApp.settings.embedded_wallet_config.user_owned_recovery_options
  if (recovery.recovery_method === 'google-drive' && !options.includes('google-drive'))
    throw foyerError('googleDriveRecoveryNotAllowed')
  if (
    recovery.recovery_method === 'icloud' &&
    (!options.includes('icloud') || !isIcloudRecoveryConfigured(foyerApp.settings.icloud_recovery))
  )
    throw foyerError('icloudRecoveryNotAllowed')
}

import { endpoints } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { requireFrameOrigin } from '../../http/requireFrameOrigin'
import { requireSession } from '../sessions/requireSession'
import { requireDeviceProof } from '../walletDevices/service'
import { farcasterSignerStatus, initFarcasterSigner } from './service'
import type { FarcasterSignerContext } from './signedKeyRequestApi'

/**
 * The Farcaster signer endpoints (docs/api.md): `signer/init`, called by the wallet frame with the user's
 * access token — a live session and a proof by a registered device key of the user
 * (`docs/security.md#device-keys`), since the app's signature approves a key that signs for the user's
 * fid — and `signer/status`, called by the host page (a live session).
 */
export const farcasterSignerRoutes: PluginRoutes<FarcasterSignerContext> = async (app, { context }) => {
  endpointRoute(app, endpoints['POST /api/v1/farcaster/signer/init'], {}, async (request) => {
    const session = await requireSession(context, request)
    requireFrameOrigin(request)
    await requireDeviceProof(context, request, session)
    const { app: foyerApp, userId } = session
    return initFarcasterSigner(context, {
      app: foyerApp,
      userId,
      publicKey: request.body.ed25519_public_key,
      deadline: request.body.deadline,
    })
  })
  endpointRoute(app, endpoints['POST /api/v1/farcaster/signer/status'], {}, async (request) => {
    const { app: foyerApp, userId } = await requireSession(context, request)
    return farcasterSignerStatus(context, {
      app: foyerApp,
      userId,
      publicKey: request.body.ed25519_public_key,
    })
  })
}

import { FrameRequestError } from '../../errors/FrameRequestError'
import type { FrameEventHandler } from '../FrameEventHandler'
import { callApi } from '../steps/callApi'

/**
 * `privy:mfa:verify`: passes the user's MFA answer to the server, which keys the verification to the
 * token's session (nothing is kept in the frame), `docs/frame-protocol.md#events`. Errors:
 * `missing_or_invalid_mfa`, `mfa_timeout`, `mfa_verification_max_attempts_reached`. Without `mfaMethod`
 * (the reference client's forced check before an export, docs/interop.md): `{ method: null }` when the user
 * has no MFA factor, else `missing_or_invalid_mfa` (the client then asks for a code and sends it).
 */
export const mfaVerify: FrameEventHandler<'privy:mfa:verify'> = async (state, data) => {
  await state.verifyToken(data.accessToken)
  if (!('mfaMethod' in data)) {
    const methods = await callApi(() => state.api.mfa.listMethods(data.accessToken))
    if (methods.length > 0) throw new FrameRequestError('missing_or_invalid_mfa', 'MFA verification required')
    return { method: null }
  }
  return callApi(async () => {
    if (data.mfaMethod === 'passkey')
      await state.api.mfa.verify(data.accessToken, 'passkey', {
        authenticator_response: data.mfaCode,
        ...(data.relyingParty ? { relying_party: data.relyingParty } : {}),
      })
    else await state.api.mfa.verify(data.accessToken, data.mfaMethod, { code: data.mfaCode })
    return { method: data.mfaMethod }
  })
}

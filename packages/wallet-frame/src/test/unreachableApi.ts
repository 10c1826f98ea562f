import type { FrameApi } from '../frame/FrameApi'

/**
 * A server that must not be reached: every call rejects with 'server called', except `getJwks` when given
 * (the tests that stop at validation or at the frame's own checks still verify access tokens).
 */
export function unreachableApi(jwks?: FrameApi['getJwks']): FrameApi {
  const fail = async () => {
    throw new Error('server called')
  }
  return {
    getJwks: jwks ?? fail,
    listWallets: fail,
    createWallet: fail,
    createAdditionalWallet: fail,
    importWallet: fail,
    getAuthShare: fail,
    getRecoveryMaterial: fail,
    setRecovery: fail,
    getIcloudConfiguration: fail,
    delegateWallets: fail,
    getDelegations: fail,
    initFarcasterSigner: fail,
    mfa: {
      listMethods: fail,
      verify: fail,
      initTotp: fail,
      initSmsEnrollment: fail,
      enrollTotp: fail,
      enrollSms: fail,
      setPasskeys: fail,
      unenroll: fail,
    },
  }
}

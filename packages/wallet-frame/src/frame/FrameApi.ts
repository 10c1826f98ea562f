import type {
  AuthShareResponse,
  CreateAdditionalEmbeddedWalletRequest,
  CreateEmbeddedWalletRequest,
  DelegateWalletsRequest,
  DelegateWalletsResponse,
  DelegationsResponse,
  EmbeddedWalletResponse,
  EmbeddedWalletsResponse,
  EntropyRef,
  FarcasterSigner,
  FarcasterSignerInitRequest,
  IcloudConfigurationResponse,
  ImportEmbeddedWalletRequest,
  MfaMethodType,
  MfaPasskeyVerifyRequest,
  MfaTotpInitResponse,
  MfaVerifyResponse,
  RecoveryMaterial,
  SetRecoveryRequest,
} from '@foyer/protocol'

/** A public JWK of the app (ES256), as `GET /api/v1/apps/{appId}/jwks.json` lists it. */
export type FrameJwk = { kty: string; crv: string; x: string; y: string; kid: string }

/**
 * The server calls the frame makes (same origin; the embedded-wallet paths of docs/api.md). Each takes the
 * access token it was given by the host. Failures throw `FrameApiError`.
 */
export type FrameApi = {
  getJwks(): Promise<{ keys: FrameJwk[] }>
  listWallets(accessToken: string): Promise<EmbeddedWalletsResponse>
  createWallet(accessToken: string, body: CreateEmbeddedWalletRequest): Promise<EmbeddedWalletResponse>
  createAdditionalWallet(
    accessToken: string,
    body: CreateAdditionalEmbeddedWalletRequest,
  ): Promise<EmbeddedWalletResponse>
  /** `POST /api/v1/embedded_wallets/import`: an imported key's shares (docs/embedded-wallets.md#imported-keys). */
  importWallet(accessToken: string, body: ImportEmbeddedWalletRequest): Promise<EmbeddedWalletResponse>
  getAuthShare(accessToken: string, body: EntropyRef): Promise<AuthShareResponse>
  getRecoveryMaterial(accessToken: string, body: EntropyRef): Promise<RecoveryMaterial>
  setRecovery(accessToken: string, body: SetRecoveryRequest): Promise<EmbeddedWalletResponse>
  /** `POST /api/v1/recovery/configuration_icloud` (docs/recovery-icloud.md): the app's iCloud container. */
  getIcloudConfiguration(accessToken: string): Promise<IcloudConfigurationResponse>
  /**
   * `GET /api/v1/embedded_wallets/delegations` (docs/delegated-actions.md#terms): the app's terms and the
   * signer's public key.
   */
  getDelegations(accessToken: string, chainType: 'ethereum' | 'solana'): Promise<DelegationsResponse>
  /**
   * `POST /api/v1/embedded_wallets/delegate` (docs/delegated-actions.md#consent): hands the signer a share
   * encrypted to it.
   */
  delegateWallets(accessToken: string, body: DelegateWalletsRequest): Promise<DelegateWalletsResponse>
  /**
   * `POST /api/v1/farcaster/signer/init` (docs/wire.md#farcaster): a signed key request for the frame's
   * signer key.
   */
  initFarcasterSigner(accessToken: string, body: FarcasterSignerInitRequest): Promise<FarcasterSigner>
  /** `POST /api/v1/mfa/…` (docs/wire.md#mfa): the frame's multi-factor calls. */
  mfa: FrameMfaApi
}

/** The MFA calls of the frame (docs/wire.md#mfa), each with the access token it was given. */
export type FrameMfaApi = {
  /** `GET /api/v1/users/me`: the user's MFA factors (`mfa_methods[].type`). */
  listMethods(accessToken: string): Promise<MfaMethodType[]>
  verify(
    accessToken: string,
    method: MfaMethodType,
    body: { code: string } | MfaPasskeyVerifyRequest,
  ): Promise<MfaVerifyResponse>
  initTotp(accessToken: string): Promise<MfaTotpInitResponse>
  initSmsEnrollment(accessToken: string, phoneNumber: string): Promise<void>
  enrollTotp(accessToken: string, code: string): Promise<void>
  enrollSms(accessToken: string, body: { code: string; phoneNumber: string }): Promise<void>
  setPasskeys(accessToken: string, credentialIds: string[]): Promise<void>
  unenroll(accessToken: string, method: 'totp' | 'sms'): Promise<void>
}

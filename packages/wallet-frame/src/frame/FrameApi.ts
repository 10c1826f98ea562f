import type {
  AuthShareResponse,
  CreateAdditionalEmbeddedWalletRequest,
  CreateEmbeddedWalletRequest,
  EmbeddedWalletResponse,
  EmbeddedWalletsResponse,
  EntropyRef,
  FarcasterSigner,
  FarcasterSignerInitRequest,
  RecoveryMaterial,
  SetRecoveryRequest,
} from '@foyer/protocol'

/** A public JWK of the app (ES256), as `GET /api/v1/apps/{appId}/jwks.json` lists it. */
export type FrameJwk = { kty: string; crv: string; x: string; y: string; kid: string }

/**
 * The server calls the frame makes (same origin; the embedded-wallet paths of spec 02 §7). Each takes the access
 * token it was given by the host. Failures throw `FrameApiError`.
 */
export type FrameApi = {
  getJwks(): Promise<{ keys: FrameJwk[] }>
  listWallets(accessToken: string): Promise<EmbeddedWalletsResponse>
  createWallet(accessToken: string, body: CreateEmbeddedWalletRequest): Promise<EmbeddedWalletResponse>
  createAdditionalWallet(
    accessToken: string,
    body: CreateAdditionalEmbeddedWalletRequest,
  ): Promise<EmbeddedWalletResponse>
  getAuthShare(accessToken: string, body: EntropyRef): Promise<AuthShareResponse>
  getRecoveryMaterial(accessToken: string, body: EntropyRef): Promise<RecoveryMaterial>
  setRecovery(accessToken: string, body: SetRecoveryRequest): Promise<EmbeddedWalletResponse>
  /** `POST /api/v1/farcaster/signer/init` (WIRE.md §2): a signed key request for the frame's signer key. */
  initFarcasterSigner(accessToken: string, body: FarcasterSignerInitRequest): Promise<FarcasterSigner>
}

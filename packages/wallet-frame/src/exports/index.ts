export { decryptAesGcm } from '../crypto/decryptAesGcm'
export {
  type DecryptRecoveryShareParameters,
  decryptRecoveryShare,
  INVALID_RECOVERY_PASSWORD_MESSAGE,
} from '../crypto/decryptRecoveryShare'
export { derivePasswordKey } from '../crypto/derivePasswordKey'
export { AES_GCM_IV_BYTES, encryptAesGcm, importAesKey } from '../crypto/encryptAesGcm'
export { type EncryptRecoveryShareParameters, encryptRecoveryShare } from '../crypto/encryptRecoveryShare'
export { recoveryAssociatedData } from '../crypto/recoveryAssociatedData'
export { fromBase64 } from '../encoding/fromBase64'
export { toBase64 } from '../encoding/toBase64'
export { FrameRequestError } from '../errors/FrameRequestError'
export { createExportView, type ExportView } from '../export/createExportView'
export { readExportTheme } from '../export/readExportTheme'
export {
  type CreateFarcasterSignerParameters,
  createFarcasterSigner,
  type FarcasterSignerHandlers,
} from '../farcaster/createFarcasterSigner'
export { createDeviceProver, type DeviceProver } from '../frame/createDeviceProver'
export { type CreateFrameApiParameters, createFrameApi } from '../frame/createFrameApi'
export {
  type CreateFrameHandlerParameters,
  createFrameHandler,
  type FrameHandler,
} from '../frame/createFrameHandler'
export { createIndexedDbDeviceKeyStore } from '../frame/createIndexedDbDeviceKeyStore'
export { createIndexedDbShareStore } from '../frame/createIndexedDbShareStore'
export { createMemoryDeviceKeyStore } from '../frame/createMemoryDeviceKeyStore'
export { createMemoryShareStore } from '../frame/createMemoryShareStore'
export {
  type CreateTokenVerifierParameters,
  createTokenVerifier,
  type VerifiedToken,
} from '../frame/createTokenVerifier'
export type { DeviceKeyStore } from '../frame/DeviceKeyStore'
export type { DeviceShareStore } from '../frame/DeviceShareStore'
export type { ExportedKey } from '../frame/ExportedKey'
export type { FrameApi, FrameJwk } from '../frame/FrameApi'
export { FrameApiError } from '../frame/FrameApiError'
export {
  type FrameWindow,
  type InstallFrameListenerParameters,
  installFrameListener,
} from '../frame/installFrameListener'
export { type FrameConfig, frameConfigSchema, readFrameConfig } from '../frame/readFrameConfig'
export { assertWalletIndex } from '../keys/assertWalletIndex'
export { deriveEthereumAccount } from '../keys/deriveEthereumAccount'
export { deriveEthereumPrivateKey, ethereumDerivationPath } from '../keys/deriveEthereumPrivateKey'
export { deriveSolanaKeypair, type SolanaKeypair, solanaDerivationPath } from '../keys/deriveSolanaKeypair'
export { deriveWalletAddress } from '../keys/deriveWalletAddress'
export { ENTROPY_BYTES, generateEntropy } from '../keys/generateEntropy'
export { mnemonicFromEntropy } from '../keys/mnemonicFromEntropy'
export { proveWalletAddress } from '../keys/proveWalletAddress'
export { seedFromMnemonic } from '../keys/seedFromMnemonic'
export {
  AddressMismatchError,
  type RebuildEntropyParameters,
  type RebuiltEntropy,
  rebuildEntropy,
} from '../shares/rebuildEntropy'
export { type EntropyShares, splitEntropy } from '../shares/splitEntropy'
export {
  type HandleEthereumRpcParameters,
  handleEthereumRpc,
  INSUFFICIENT_FUNDS_MESSAGE,
} from '../signing/ethereum/handleEthereumRpc'
export {
  type ParsedTransactionRequest,
  parseTransactionRequest,
} from '../signing/ethereum/parseTransactionRequest'
export {
  type HandleSolanaRpcParameters,
  handleSolanaRpc,
  SOLANA_INSUFFICIENT_FUNDS_MESSAGE,
} from '../signing/solana/handleSolanaRpc'

/** The schemas of the messages between the page and the wallet frame. */
export {
  type FrameAddWalletRequest,
  frameAddWalletRequestSchema,
} from '../schemas/frame/addWallet'
export {
  type FrameConnectWalletRequest,
  type FrameRecoverWalletRequest,
  type FrameSetRecoveryRequest,
  frameConnectWalletRequestSchema,
  frameRecoverWalletRequestSchema,
  frameSetRecoveryRequestSchema,
} from '../schemas/frame/connectWallet'
export {
  type FrameCreateWalletRequest,
  frameCreateEthereumWalletRequestSchema,
  frameCreateSolanaWalletRequestSchema,
  frameCreateWalletRequestSchema,
} from '../schemas/frame/createWallet'
export {
  type ExportFrameTheme,
  type ExportFrameThemeField,
  exportFrameThemeFields,
} from '../schemas/frame/exportFrameTheme'
export {
  type FrameExportWalletRequest,
  frameExportWalletReplySchema,
  frameExportWalletRequestSchema,
} from '../schemas/frame/exportWallet'
export {
  type FrameFarcasterSignRequest,
  type FrameInitFarcasterSignerRequest,
  frameFarcasterSignReplySchema,
  frameFarcasterSignRequestSchema,
  frameInitFarcasterSignerReplySchema,
  frameInitFarcasterSignerRequestSchema,
} from '../schemas/frame/farcasterSigner'
export {
  type FrameReply,
  type FrameRequest,
  frameAccessTokenSchema,
  frameErrorReplySchema,
  frameReplySchema,
  frameRequestIdSchema,
  frameRequestSchema,
  frameSuccessReplySchema,
} from '../schemas/frame/frameEnvelope'
export {
  type FrameError,
  type FrameErrorType,
  frameErrorSchema,
  frameErrorTypeSchema,
  frameErrorTypes,
  rpcErrorCodes,
} from '../schemas/frame/frameError'
export { type FrameEvent, frameEventSchema, frameEvents } from '../schemas/frame/frameEvent'
export {
  type FrameReplyData,
  type FrameRequestData,
  frameMessageSchemas,
} from '../schemas/frame/frameMessageSchemas'
export {
  type FrameEntropyState,
  type FrameWallet,
  frameEntropyIdSchema,
  frameEntropyStateSchema,
  frameWalletSchema,
} from '../schemas/frame/frameWallet'
export {
  type FrameMfaInitEnrollmentReply,
  type FrameMfaInitEnrollmentRequest,
  type FrameMfaSubmitEnrollmentRequest,
  type FrameMfaUnenrollRequest,
  type FrameMfaVerifyRequest,
  frameMfaInitEnrollmentReplySchema,
  frameMfaInitEnrollmentRequestSchema,
  frameMfaMethodReplySchema,
  frameMfaSubmitEnrollmentRequestSchema,
  frameMfaUnenrollRequestSchema,
  frameMfaVerifyRequestSchema,
} from '../schemas/frame/mfa'
export { frameReadyReplySchema, frameReadyRequestSchema } from '../schemas/frame/ready'
export {
  type EthereumRpcMethod,
  ethereumRpcMethods,
  type FrameChain,
  type FrameRpcReply,
  type FrameRpcRequest,
  frameChainSchema,
  frameEthereumRpcRequestSchema,
  frameRpcCallSchema,
  frameRpcReplySchema,
  frameRpcRequestSchema,
  frameSolanaRpcRequestSchema,
  type SolanaRpcMethod,
  solanaRpcMethods,
  solanaSignMessageParamsSchema,
  solanaTransactionParamsSchema,
} from '../schemas/frame/rpc'

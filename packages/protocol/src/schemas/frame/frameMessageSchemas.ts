import type { z } from 'zod'
import { frameAddWalletRequestSchema } from './addWallet'
import {
  frameConnectWalletRequestSchema,
  frameRecoverWalletRequestSchema,
  frameSetRecoveryRequestSchema,
} from './connectWallet'
import {
  frameCreateEthereumWalletRequestSchema,
  frameCreateSolanaWalletRequestSchema,
  frameCreateWalletRequestSchema,
  frameImportWalletRequestSchema,
} from './createWallet'
import {
  frameDelegatedActionsConsentReplySchema,
  frameDelegatedActionsConsentRequestSchema,
} from './delegatedActions'
import { frameExportWalletReplySchema, frameExportWalletRequestSchema } from './exportWallet'
import {
  frameFarcasterSignReplySchema,
  frameFarcasterSignRequestSchema,
  frameInitFarcasterSignerReplySchema,
  frameInitFarcasterSignerRequestSchema,
} from './farcasterSigner'
import type { FrameEvent } from './frameEvent'
import {
  frameCreatedWalletSchema,
  frameEntropyStateSchema,
  frameRecoveredEntropySchema,
  frameWalletSchema,
} from './frameWallet'
import {
  frameMfaClearRequestSchema,
  frameMfaInitEnrollmentReplySchema,
  frameMfaInitEnrollmentRequestSchema,
  frameMfaMethodReplySchema,
  frameMfaSubmitEnrollmentRequestSchema,
  frameMfaUnenrollRequestSchema,
  frameMfaVerifyReplySchema,
  frameMfaVerifyRequestSchema,
} from './mfa'
import { frameReadyReplySchema, frameReadyRequestSchema } from './ready'
import { frameRpcReplySchema, frameRpcRequestSchema } from './rpc'

/**
 * For each frame event, the schema of the request `data` and of the reply `data`. Both sides validate with
 * these: the frame its input and output, the host its output and the frame's replies (docs/conventions.md
 * "The frame protocol").
 */
export const frameMessageSchemas = {
  'privy:iframe:ready': { request: frameReadyRequestSchema, reply: frameReadyReplySchema },
  'privy:wallets:create': {
    request: frameCreateEthereumWalletRequestSchema,
    reply: frameCreatedWalletSchema,
  },
  'privy:wallet:create': { request: frameCreateWalletRequestSchema, reply: frameCreatedWalletSchema },
  'privy:solana-wallet:create': {
    request: frameCreateSolanaWalletRequestSchema,
    reply: frameCreatedWalletSchema,
  },
  'privy:wallets:add': { request: frameAddWalletRequestSchema, reply: frameWalletSchema },
  'privy:wallets:connect': { request: frameConnectWalletRequestSchema, reply: frameEntropyStateSchema },
  'privy:wallets:recover': { request: frameRecoverWalletRequestSchema, reply: frameRecoveredEntropySchema },
  'privy:wallets:set-recovery': { request: frameSetRecoveryRequestSchema, reply: frameEntropyStateSchema },
  'privy:wallets:rpc': { request: frameRpcRequestSchema, reply: frameRpcReplySchema },
  'privy:delegated-actions:consent': {
    request: frameDelegatedActionsConsentRequestSchema,
    reply: frameDelegatedActionsConsentReplySchema,
  },
  'privy:wallets:export': { request: frameExportWalletRequestSchema, reply: frameExportWalletReplySchema },
  'privy:wallets:import': { request: frameImportWalletRequestSchema, reply: frameWalletSchema },
  'privy:farcaster:init-signer': {
    request: frameInitFarcasterSignerRequestSchema,
    reply: frameInitFarcasterSignerReplySchema,
  },
  'privy:farcaster:sign': { request: frameFarcasterSignRequestSchema, reply: frameFarcasterSignReplySchema },
  'privy:mfa:verify': { request: frameMfaVerifyRequestSchema, reply: frameMfaVerifyReplySchema },
  'privy:mfa:init-enrollment': {
    request: frameMfaInitEnrollmentRequestSchema,
    reply: frameMfaInitEnrollmentReplySchema,
  },
  'privy:mfa:submit-enrollment': {
    request: frameMfaSubmitEnrollmentRequestSchema,
    reply: frameMfaMethodReplySchema,
  },
  'privy:mfa:unenroll': { request: frameMfaUnenrollRequestSchema, reply: frameMfaMethodReplySchema },
  'privy:mfa:clear': { request: frameMfaClearRequestSchema, reply: frameReadyReplySchema },
} as const satisfies Record<FrameEvent, { request: z.ZodType; reply: z.ZodType }>

/** Request `data` type of event `E`. */
export type FrameRequestData<E extends FrameEvent> = z.infer<(typeof frameMessageSchemas)[E]['request']>
/** Reply `data` type of event `E`. */
export type FrameReplyData<E extends FrameEvent> = z.infer<(typeof frameMessageSchemas)[E]['reply']>

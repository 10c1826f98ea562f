import type { FrameEvent } from '@foyer/protocol'
import { delegatedActionsConsent } from './events/delegatedActionsConsent'
import { farcasterInitSigner } from './events/farcasterInitSigner'
import { farcasterSign } from './events/farcasterSign'
import { iframeReady } from './events/iframeReady'
import { mfaClear } from './events/mfaClear'
import { mfaInitEnrollment } from './events/mfaInitEnrollment'
import { mfaSubmitEnrollment } from './events/mfaSubmitEnrollment'
import { mfaUnenroll } from './events/mfaUnenroll'
import { mfaVerify } from './events/mfaVerify'
import { solanaWalletCreate } from './events/solanaWalletCreate'
import { walletCreate } from './events/walletCreate'
import { walletsAdd } from './events/walletsAdd'
import { walletsConnect } from './events/walletsConnect'
import { walletsCreate } from './events/walletsCreate'
import { walletsExport } from './events/walletsExport'
import { walletsImport } from './events/walletsImport'
import { walletsRecover } from './events/walletsRecover'
import { walletsRpc } from './events/walletsRpc'
import { walletsSetRecovery } from './events/walletsSetRecovery'
import type { FrameEventHandler } from './FrameEventHandler'

/** One handler per frame event: a new event does not compile without its handler. */
export type FrameEventHandlers = { [E in FrameEvent]: FrameEventHandler<E> }

/** The frame's handler of each event (`docs/frame-protocol.md#events`). */
export const frameEventHandlers: FrameEventHandlers = {
  'privy:iframe:ready': iframeReady,
  'privy:wallets:create': walletsCreate,
  'privy:wallet:create': walletCreate,
  'privy:solana-wallet:create': solanaWalletCreate,
  'privy:wallets:add': walletsAdd,
  'privy:wallets:connect': walletsConnect,
  'privy:wallets:recover': walletsRecover,
  'privy:wallets:set-recovery': walletsSetRecovery,
  'privy:delegated-actions:consent': delegatedActionsConsent,
  'privy:wallets:rpc': walletsRpc,
  'privy:wallets:export': walletsExport,
  'privy:wallets:import': walletsImport,
  'privy:farcaster:init-signer': farcasterInitSigner,
  'privy:farcaster:sign': farcasterSign,
  'privy:mfa:verify': mfaVerify,
  'privy:mfa:init-enrollment': mfaInitEnrollment,
  'privy:mfa:submit-enrollment': mfaSubmitEnrollment,
  'privy:mfa:unenroll': mfaUnenroll,
  'privy:mfa:clear': mfaClear,
}

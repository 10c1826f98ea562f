import type { ErrorInfo } from '../errors/ErrorInfo'
import type { DelegatedConsentParams, DelegatedRevokeParams } from '../screens/delegatedActions/params'
import type { AwaitingWalletParams } from '../screens/externalWallets/AwaitingWallet/params'
import type { WalletListParams } from '../screens/externalWallets/WalletList/params'
import type { WalletLoginFailedParams } from '../screens/externalWallets/WalletLoginFailed/params'
import type { FarcasterSignerParams } from '../screens/farcaster/FarcasterSigner/params'
import type { FundingAmountParams } from '../screens/funding/FundingAmount/params'
import type { FundingCardParams } from '../screens/funding/FundingCard/params'
import type { FundingExchangeParams } from '../screens/funding/FundingExchange/params'
import type { FundingMethodsParams } from '../screens/funding/FundingMethods/params'
import type { FundingReceiveParams } from '../screens/funding/FundingReceive/params'
import type {
  FundingBridgeParams,
  FundingBridgeStatusParams,
  FundingTransferFromWalletParams,
  FundingTransferStatusParams,
} from '../screens/funding/transfer/params'
import type { AccountTransferParams } from '../screens/link/AccountTransfer/params'
import type { LinkAccountParams } from '../screens/link/LinkAccount/params'
import type { LinkPasskeyParams } from '../screens/link/LinkPasskey/params'
import type { CaptchaParams } from '../screens/login/Captcha/params'
import type { LandingParams } from '../screens/login/Landing/params'
import type { TermsParams } from '../screens/login/Terms/params'
import type { MfaEnrollmentParams, MfaVerifyParams } from '../screens/mfa/params'
import type { SuccessParams } from '../screens/Success/params'
import type { ExportWalletParams } from '../screens/wallet/ExportWallet/params'
import type { ImportWalletParams } from '../screens/wallet/ImportWallet/params'
import type { PasswordSplashParams } from '../screens/wallet/PasswordSplash/params'
import type { RecoverPasswordParams } from '../screens/wallet/RecoverPassword/params'
import type { RecoveryOAuthParams } from '../screens/wallet/RecoveryOAuth/params'
import type { RecoverySelectionParams } from '../screens/wallet/RecoverySelection/params'
import type { SendTransactionParams } from '../screens/wallet/SendTransaction/params'
import type { SetAutomaticRecoveryParams } from '../screens/wallet/SetAutomaticRecovery/params'
import type { SetPasswordParams } from '../screens/wallet/SetPassword/params'
import type { SignRequestParams } from '../screens/wallet/SignRequest/params'
import type { SolanaTransactionParams } from '../screens/wallet/SolanaTransaction/params'
import type { TransactionErrorParams } from '../screens/wallet/TransactionError/params'
import type { TransactionSuccessParams } from '../screens/wallet/TransactionSuccess/params'
import type { UserOperationParams } from '../screens/wallet/UserOperation/params'
import type { WalletConnectingParams } from '../screens/wallet/WalletConnecting/params'
import type { WalletCreatedParams } from '../screens/wallet/WalletCreated/params'

// Imports only the screens' `params.ts` files, never a screen component: screens, the modal context and the
// router import this file, and the registry (`screens.ts`) imports the screens (see its header).

/**
 * The params of the login methods' screens, by screen id. Each login method adds its own beside its entry
 * (`screens/login/<Method>/<method>Login.tsx`: `declare module '…/modal/screenParams'` with its screens), so
 * this file names no method; `loginMethods.ts` checks that the entries' screens and these ids agree.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one block per login method
export interface LoginScreenParamsMap {}

/**
 * The typed params of every screen: the login methods' ({@link LoginScreenParamsMap}) and the modal's own.
 * `undefined` = the screen takes none.
 */
export type ScreenParamsMap = LoginScreenParamsMap & {
  landing: LandingParams | undefined
  linkAccount: LinkAccountParams
  linkPasskey: LinkPasskeyParams
  accountTransfer: AccountTransferParams
  accountTransferAssets: AccountTransferParams
  captcha: CaptchaParams
  walletList: WalletListParams
  awaitingWallet: AwaitingWalletParams
  walletLoginFailed: WalletLoginFailedParams
  // Phantom on a phone without Phantom (docs/external-wallets.md "Phantom on a phone").
  phantomInterstitial: undefined
  phantomReturn: undefined
  error: ErrorInfo
  accountNotFound: undefined
  userLimitReached: undefined
  accessDenied: undefined
  success: SuccessParams
  terms: TermsParams
  signRequest: SignRequestParams
  sendTransaction: SendTransactionParams
  userOperation: UserOperationParams
  transactionSuccess: TransactionSuccessParams
  transactionError: TransactionErrorParams
  solanaTransaction: SolanaTransactionParams
  walletConnecting: WalletConnectingParams
  recoverPassword: RecoverPasswordParams
  setPassword: SetPasswordParams
  recoveryOAuth: RecoveryOAuthParams
  recoverySelection: RecoverySelectionParams
  setAutomaticRecovery: SetAutomaticRecoveryParams
  passwordSplash: PasswordSplashParams
  walletCreated: WalletCreatedParams
  exportWallet: ExportWalletParams
  importWallet: ImportWalletParams
  farcasterSigner: FarcasterSignerParams
  delegatedActionsConsent: DelegatedConsentParams
  delegatedActionsRevoke: DelegatedRevokeParams
  mfaVerify: MfaVerifyParams
  mfaEnrollment: MfaEnrollmentParams
  // Funding: the flow's params contract is `FundingFlowParams` in screens/funding/params.ts.
  fundingMethods: FundingMethodsParams
  fundingAmount: FundingAmountParams
  // Transfer from another wallet, bridging.
  fundingTransferFromWallet: FundingTransferFromWalletParams
  fundingTransferStatus: FundingTransferStatusParams
  fundingBridge: FundingBridgeParams
  fundingBridgeStatus: FundingBridgeStatusParams
  fundingCard: FundingCardParams
  fundingReceive: FundingReceiveParams
  fundingExchange: FundingExchangeParams
}

/** A screen id. */
export type ScreenId = keyof ScreenParamsMap

/** Props every screen component receives. */
export type ScreenProps<Id extends ScreenId> = { params: ScreenParamsMap[Id] }

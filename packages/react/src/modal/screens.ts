import type { EmbeddedWalletInfo } from '@foyer/core'
import type { ConnectedExternalWallet, ExternalWallet } from '@foyer/core/external-wallets'
import type { OAuthAction, OAuthPopupRef } from '@foyer/core/oauth'
import type {
  RecoverWithPasswordPrompt,
  SendSolanaTransactionPrompt,
  SendTransactionPrompt,
  SetPasswordPrompt,
  SignMessagePrompt,
  SignTypedDataPrompt,
  TransactionReceiptSummary,
} from '@foyer/core/wallet'
import type { MfaMethodType, User } from '@foyer/protocol'
import { type ComponentType, lazy } from 'react'
import type { ErrorInfo } from '../errors/ErrorInfo'
import type { Messages } from '../i18n/en'
import { Landing } from '../screens/login/Landing/Landing'
import type { LandingView } from '../screens/login/Landing/landingModel'
import type { LoginStart } from '../screens/login/startLogin'
import type { PromptSettler } from './prompts/PromptSettler'

/**
 * Params of the landing screen: its view, an email to prefill and an inline error to show (all optional).
 * Each view other than the default is its own history entry, so Back returns to the previous view and the
 * modal's reset after closing brings back the default one (spec 01 §4 "Landing view").
 */
export type LandingParams = {
  /** The landing view (default `'default'`); see `landingModel`. */
  view?: LandingView
  email?: string
  /** Shown under the email field until it is edited (spec 01 §8: disallowed plus email returns here). */
  inlineError?: 'disallowed_plus_email'
  /** An E.164 number to prefill in the phone field (coming Back from the code screen). */
  phoneNumber?: string
}

/**
 * What a code screen finishes in link mode (spec 01 §2 "Link email, link phone, update phone"): link the
 * address or number to the signed-in user, or replace the linked number; answers through `settle`.
 */
export type LinkFlow =
  | { kind: 'link'; settle: PromptSettler<User> }
  | { kind: 'update'; oldPhoneNumber: string; settle: PromptSettler<User> }

/**
 * Params of the awaiting-code screen: the address or E.164 number the code went to, and the link flow
 * when the code links instead of signing in.
 */
export type AwaitingCodeParams = (
  | { email: string; phoneNumber?: undefined }
  | { phoneNumber: string; email?: undefined }
) & { flow?: LinkFlow | undefined }

/** Params of the link screens ('Link email', 'Link phone', 'Update phone'). */
export type LinkAccountParams = {
  kind: 'email' | 'phone' | 'updatePhone'
  settle: PromptSettler<User>
  /** The linked number an update replaces (`kind: 'updatePhone'`). */
  oldPhoneNumber?: string | undefined
  /** Prefill (coming Back from the code screen). */
  value?: string | undefined
}

/**
 * Params of the captcha screen (spec 01 §4 "Starting a login"): the login it guards, continued with the
 * token on success.
 */
export type CaptchaParams = { start: LoginStart }

/** Params of the awaiting-passkey screen: the captcha token its sign-in carries (apps with a captcha). */
export type AwaitingPasskeyParams = { captchaToken: string } | undefined

/**
 * Params of the OAuth status screen (spec 01 §2 "OAuth status"): the provider and what the flow is for; the
 * popup the click opened (`null`: blocked, so a full-page redirect); the captcha token of the flow (apps with
 * a captcha); the code of a full-page return to exchange; and, for a link, how to answer the link hook.
 */
export type OAuthStatusParams = {
  provider: string
  action: OAuthAction
  popup?: OAuthPopupRef | null | undefined
  captchaToken?: string | undefined
  returned?: { authorizationCode: string; stateCode: string } | undefined
  settle?: PromptSettler<User> | undefined
}

/** Params of the passkey list ('Link passkey'): resolves when the user closes it. */
export type LinkPasskeyParams = { settle: PromptSettler<undefined> }

/** Params of the success screen: which confirmation to show (default: signed in). */
export type SuccessParams = { detail?: 'linked' | 'updated' } | undefined

/** Params of the sign request screen: the prompt and how to answer it. */
export type SignRequestParams = {
  prompt: SignMessagePrompt | SignTypedDataPrompt
  settle: PromptSettler<string>
}

/** Params of the send-transaction confirmation. `retry` is set when coming back from the error screen. */
export type SendTransactionParams = {
  prompt: SendTransactionPrompt
  settle: PromptSettler<`0x${string}`>
  retry?: { resetNonce: boolean } | undefined
}

/** Params of the transaction success screen. */
export type TransactionSuccessParams =
  | { chainType: 'ethereum'; prompt: SendTransactionPrompt; receipt: TransactionReceiptSummary }
  | { chainType: 'solana'; prompt: SendSolanaTransactionPrompt; signature: string }

/** Params of the transaction error screen: the failure, and the hash when one was obtained. */
export type TransactionErrorParams = {
  prompt: SendTransactionPrompt
  settle: PromptSettler<`0x${string}`>
  error: ErrorInfo
  hash?: `0x${string}` | undefined
}

/** Params of the Solana summary/confirm screen. */
export type SolanaTransactionParams = { prompt: SendSolanaTransactionPrompt; settle: PromptSettler<string> }

/** Params of 'Enter your password'. */
export type RecoverPasswordParams = { prompt: RecoverWithPasswordPrompt; settle: PromptSettler<undefined> }

/** Params of the password flow. */
export type SetPasswordParams = { prompt: SetPasswordPrompt; settle: PromptSettler<undefined> }

/** Params of the recovery selection screen. */
export type RecoverySelectionParams = { wallet: EmbeddedWalletInfo; settle: PromptSettler<undefined> }

/** Params of the key export screen. */
export type ExportWalletParams = { wallet: EmbeddedWalletInfo; settle: PromptSettler<undefined> }

/**
 * What the wallet list is for (spec 01 §2): signing in (from the landing), linking a wallet to the signed-in
 * user, or connecting one without signing in (the connect-only variant); link and connect answer via `settle`.
 */
export type WalletFlow =
  | { mode: 'login' }
  | { mode: 'link'; settle: PromptSettler<User> }
  | { mode: 'connect'; settle: PromptSettler<ConnectedExternalWallet> }

/** Params of the wallet list. */
export type WalletListParams = WalletFlow

/** Params of the awaiting-connection screen: the chosen wallet and the flow. */
export type AwaitingWalletParams = { wallet: ExternalWallet; flow: WalletFlow }

/** Params of the 'Could not connect with wallet' screen. */
export type WalletLoginFailedParams = { walletName: string; flow: WalletFlow }

/** The typed params of every screen (STYLE.md §8). `undefined` = the screen takes none. */
export type ScreenParamsMap = {
  landing: LandingParams | undefined
  awaitingCode: AwaitingCodeParams
  linkAccount: LinkAccountParams
  linkPasskey: LinkPasskeyParams
  awaitingPasskey: AwaitingPasskeyParams
  oauthStatus: OAuthStatusParams
  captcha: CaptchaParams
  walletList: WalletListParams
  awaitingWallet: AwaitingWalletParams
  walletLoginFailed: WalletLoginFailedParams
  error: ErrorInfo
  accountNotFound: undefined
  userLimitReached: undefined
  success: SuccessParams
  signRequest: SignRequestParams
  sendTransaction: SendTransactionParams
  transactionSuccess: TransactionSuccessParams
  transactionError: TransactionErrorParams
  solanaTransaction: SolanaTransactionParams
  recoverPassword: RecoverPasswordParams
  setPassword: SetPasswordParams
  recoverySelection: RecoverySelectionParams
  exportWallet: ExportWalletParams
  mfaVerify: MfaVerifyParams
  mfaEnrollment: MfaEnrollmentParams
}

/** Params of the MFA verification screens (spec 02 §2 "Verification"): the user's factors; the prompt's settler. */
export type MfaVerifyParams = {
  methods: MfaMethodType[]
  settle: PromptSettler<undefined>
}

/** Params of the MFA enrolment flow (spec 02 §2 "MFA"): resolved when the user finishes. */
export type MfaEnrollmentParams = { settle: PromptSettler<undefined> }

/** A screen id. */
export type ScreenId = keyof ScreenParamsMap

/** Props every screen component receives. */
export type ScreenProps<Id extends ScreenId> = { params: ScreenParamsMap[Id] }

/** One registry entry. */
export type ScreenDefinition<Id extends ScreenId> = {
  /** The component; every screen but landing is lazily loaded (its own chunk). */
  component: ComponentType<ScreenProps<Id>>
  /** The screen's name, announced while its code loads. */
  title: (messages: Messages) => string
  /** Whether Escape, an outside click and the Close button may close the modal here. */
  closable: boolean | ((params: ScreenParamsMap[Id]) => boolean)
}

/**
 * The modal's screen registry (STYLE.md §8, spec 01 §2): id → component, title, closability. Landing is
 * bundled eagerly (budget: provider + hooks + landing ≤ 50 kB gzip); the others load on first use.
 */
export const screens: { [Id in ScreenId]: ScreenDefinition<Id> } = {
  landing: { component: Landing, title: (m) => m.landing.header, closable: true },
  awaitingCode: {
    component: lazy(() =>
      import('../screens/login/AwaitingCode/AwaitingCode').then((m) => ({ default: m.AwaitingCode })),
    ),
    title: (m) => m.awaitingCode.title,
    closable: true,
  },
  linkAccount: {
    component: lazy(() =>
      import('../screens/link/LinkAccount/LinkAccount').then((m) => ({ default: m.LinkAccount })),
    ),
    title: (m) => m.link.phoneTitle,
    closable: true,
  },
  linkPasskey: {
    component: lazy(() =>
      import('../screens/link/LinkPasskey/LinkPasskey').then((m) => ({ default: m.LinkPasskey })),
    ),
    title: (m) => m.passkey.listTitle,
    closable: true,
  },
  awaitingPasskey: {
    component: lazy(() =>
      import('../screens/login/AwaitingPasskey/AwaitingPasskey').then((m) => ({
        default: m.AwaitingPasskey,
      })),
    ),
    title: (m) => m.passkey.title,
    closable: true,
  },
  // OAuth: its own chunk, with @foyer/core/oauth (PKCE, popup, code exchange).
  oauthStatus: {
    component: lazy(() =>
      import('../screens/login/OAuthStatus/OAuthStatus').then((m) => ({ default: m.OAuthStatus })),
    ),
    title: (m) => m.oauth.verifying,
    closable: true,
  },
  // Captcha: its own chunk; `@foyer/core/captcha` and the Turnstile script load with it, on demand.
  captcha: {
    component: lazy(() => import('../screens/login/Captcha/Captcha').then((m) => ({ default: m.Captcha }))),
    title: (m) => m.captcha.checking,
    closable: true,
  },
  // External wallets: their own lazy chunks, with @foyer/core/external-wallets (mipd, viem/siwe, the wallet standard).
  walletList: {
    component: lazy(() =>
      import('../screens/externalWallets/WalletList/WalletList').then((m) => ({ default: m.WalletList })),
    ),
    title: (m) => m.externalWallets.listTitle,
    closable: true,
  },
  awaitingWallet: {
    component: lazy(() =>
      import('../screens/externalWallets/AwaitingWallet/AwaitingWallet').then((m) => ({
        default: m.AwaitingWallet,
      })),
    ),
    title: (m) => m.externalWallets.connectingTitle,
    closable: true,
  },
  walletLoginFailed: {
    component: lazy(() =>
      import('../screens/externalWallets/WalletLoginFailed/WalletLoginFailed').then((m) => ({
        default: m.WalletLoginFailed,
      })),
    ),
    title: (m) => m.externalWallets.failedTitle,
    closable: true,
  },
  error: {
    component: lazy(() => import('../screens/Error/ErrorScreen').then((m) => ({ default: m.ErrorScreen }))),
    title: (m) => m.error.somethingWentWrong,
    closable: true,
  },
  accountNotFound: {
    component: lazy(() =>
      import('../screens/AccountNotFound/AccountNotFound').then((m) => ({ default: m.AccountNotFound })),
    ),
    title: (m) => m.accountNotFound.title,
    closable: true,
  },
  userLimitReached: {
    component: lazy(() =>
      import('../screens/UserLimitReached/UserLimitReached').then((m) => ({ default: m.UserLimitReached })),
    ),
    title: (m) => m.userLimitReached.title,
    closable: true,
  },
  success: {
    component: lazy(() => import('../screens/Success/Success').then((m) => ({ default: m.Success }))),
    title: (m) => m.success.title,
    closable: true,
  },
  // Wallet screens: their own lazy chunks, with the wallet code of @foyer/core/wallet (bundle budget).
  signRequest: {
    component: lazy(() =>
      import('../screens/wallet/SignRequest/SignRequest').then((m) => ({ default: m.SignRequest })),
    ),
    title: (m) => m.signRequest.title,
    closable: true,
  },
  sendTransaction: {
    component: lazy(() =>
      import('../screens/wallet/SendTransaction/SendTransaction').then((m) => ({
        default: m.SendTransaction,
      })),
    ),
    title: (m) => m.transaction.title,
    closable: true,
  },
  transactionSuccess: {
    component: lazy(() =>
      import('../screens/wallet/TransactionSuccess/TransactionSuccess').then((m) => ({
        default: m.TransactionSuccess,
      })),
    ),
    title: (m) => m.transaction.successTitle,
    closable: true,
  },
  transactionError: {
    component: lazy(() =>
      import('../screens/wallet/TransactionError/TransactionError').then((m) => ({
        default: m.TransactionError,
      })),
    ),
    title: (m) => m.transaction.errorTitle,
    closable: true,
  },
  solanaTransaction: {
    component: lazy(() =>
      import('../screens/wallet/SolanaTransaction/SolanaTransaction').then((m) => ({
        default: m.SolanaTransaction,
      })),
    ),
    title: (m) => m.solana.title,
    closable: true,
  },
  recoverPassword: {
    component: lazy(() =>
      import('../screens/wallet/RecoverPassword/RecoverPassword').then((m) => ({
        default: m.RecoverPassword,
      })),
    ),
    title: (m) => m.recovery.enterTitle,
    closable: true,
  },
  setPassword: {
    component: lazy(() =>
      import('../screens/wallet/SetPassword/SetPassword').then((m) => ({ default: m.SetPassword })),
    ),
    title: (m) => m.password.setTitle,
    // Recovery screens close only when the user started the flow (spec 02 §2).
    closable: (params) => params.prompt.closable,
  },
  recoverySelection: {
    component: lazy(() =>
      import('../screens/wallet/RecoverySelection/RecoverySelection').then((m) => ({
        default: m.RecoverySelection,
      })),
    ),
    title: (m) => m.recovery.selectTitle,
    closable: true,
  },
  exportWallet: {
    component: lazy(() =>
      import('../screens/wallet/ExportWallet/ExportWallet').then((m) => ({ default: m.ExportWallet })),
    ),
    title: (m) => m.exportWallet.title,
    closable: true,
  },
  // MFA screens: their own lazy chunk, with @foyer/core/mfa (spec 02 §2 "MFA").
  mfaVerify: {
    component: lazy(() => import('../screens/mfa/MfaVerify').then((m) => ({ default: m.MfaVerify }))),
    title: (m) => m.mfa.verifyTitle,
    closable: true,
  },
  mfaEnrollment: {
    component: lazy(() => import('../screens/mfa/MfaEnrollment').then((m) => ({ default: m.MfaEnrollment }))),
    title: (m) => m.mfa.chooseTitle,
    closable: true,
  },
}

/** Whether the modal may be closed by the user on `route` (see {@link ScreenDefinition} `closable`). */
export function isClosable(route: { id: ScreenId; params: unknown }): boolean {
  const { closable } = screens[route.id] as ScreenDefinition<ScreenId>
  return typeof closable === 'function' ? closable(route.params as never) : closable
}

/** Preloads the OAuth status screen (when the pointer nears an OAuth button, or on a redirect return). */
export function preloadOAuthScreens(): void {
  void import('../screens/login/OAuthStatus/OAuthStatus')
}

/**
 * Preloads the lazily loaded screens of the email flow (called when the landing form is submitted, so the
 * code screen is ready when the code is sent).
 */
export function preloadEmailScreens(): void {
  void import('../screens/login/AwaitingCode/AwaitingCode')
  void import('../screens/Error/ErrorScreen')
}

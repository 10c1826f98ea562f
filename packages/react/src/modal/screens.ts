// The modal's screen registry: screen id → component (lazily loaded, landing excepted), title, closability.
//
// A login method's screens come from its entry in `screens/login/loginMethods.ts` (see `LoginMethod`).
// To add another screen `foo`:
//   1. `screens/…/Foo/params.ts`: `export type FooParams = …` (types only; it never imports the component).
//   2. `screenParams.ts`: one line in `ScreenParamsMap`, `foo: FooParams`, and its `import type`.
//   3. Here: one entry, `foo: preloadableScreen(() => import('…/Foo/Foo').then((m) => m.Foo), { title,
//      closable })` (its component loads on first use, or ahead of it with `.component.preload()`).
//   4. The screen takes `ScreenProps<'foo'>` from `screenParams.ts`, never from this file; preloading it, if
//      wanted, goes in `preloadScreens.ts`.
// The repository's import-cycle test fails on any import cycle (lazy and type-only imports count).
import { errorScreen } from '../screens/Error/errorScreen'
import { Landing } from '../screens/login/Landing/Landing'
import { loginMethodScreens } from '../screens/login/loginMethods'
import { successScreen } from '../screens/Success/successScreen'
import { walletCreatedScreen } from '../screens/wallet/WalletCreated/walletCreatedScreen'
import { preloadableScreen } from './lazyScreen'
import type { ScreenDefinition } from './ScreenDefinition'
import type { ScreenId } from './screenParams'

export type { ScreenDefinition } from './ScreenDefinition'

/**
 * The modal's screen registry (docs/conventions.md "The modal: a screen registry and a router",
 * docs/modal.md): id → component, title, closability. Landing is bundled eagerly (budget: provider + hooks +
 * landing ≤ 50 kB gzip); the others load on first use.
 */
export const screens: { [Id in ScreenId]: ScreenDefinition<Id> } = {
  ...loginMethodScreens,
  landing: { component: Landing, title: (m) => m.landing.header, closable: true },
  linkAccount: preloadableScreen(
    () => import('../screens/link/LinkAccount/LinkAccount').then((m) => m.LinkAccount),
    { title: (m) => m.link.phoneTitle, closable: true },
  ),
  // Account transfer on a link conflict (docs/modal.md), with @foyer/core/account-transfer.
  accountTransfer: preloadableScreen(
    () =>
      import('../screens/link/AccountTransfer/AccountTransferPrompt').then((m) => m.AccountTransferPrompt),
    { title: (m) => m.accountTransfer.transfer, closable: true },
  ),
  accountTransferAssets: preloadableScreen(
    () => import('../screens/link/AccountTransfer/CheckAssets').then((m) => m.CheckAssets),
    { title: (m) => m.accountTransfer.assetsTitle, closable: true },
  ),
  linkPasskey: preloadableScreen(
    () => import('../screens/link/LinkPasskey/LinkPasskey').then((m) => m.LinkPasskey),
    { title: (m) => m.passkey.listTitle, closable: true },
  ),
  // Captcha: its own chunk; `@foyer/core/captcha` and the Turnstile script load with it, on demand.
  captcha: preloadableScreen(() => import('../screens/login/Captcha/Captcha').then((m) => m.Captcha), {
    title: (m) => m.captcha.checking,
    closable: true,
  }),
  // External wallets: their own lazy chunks, with @foyer/core/external-wallets (mipd, viem/siwe, the wallet standard).
  walletList: preloadableScreen(
    () => import('../screens/externalWallets/WalletList/WalletList').then((m) => m.WalletList),
    { title: (m) => m.externalWallets.listTitle, closable: true },
  ),
  awaitingWallet: preloadableScreen(
    () => import('../screens/externalWallets/AwaitingWallet/AwaitingWallet').then((m) => m.AwaitingWallet),
    { title: (m) => m.externalWallets.connectingTitle, closable: true },
  ),
  walletLoginFailed: preloadableScreen(
    () =>
      import('../screens/externalWallets/WalletLoginFailed/WalletLoginFailed').then(
        (m) => m.WalletLoginFailed,
      ),
    { title: (m) => m.externalWallets.failedTitle, closable: true },
  ),
  phantomInterstitial: preloadableScreen(
    () => import('../screens/externalWallets/phantom/PhantomInterstitial').then((m) => m.PhantomInterstitial),
    { title: (m) => m.externalWallets.listTitle, closable: true },
  ),
  phantomReturn: preloadableScreen(
    () => import('../screens/externalWallets/phantom/PhantomReturn').then((m) => m.PhantomReturn),
    { title: (m) => m.externalWallets.signTitle, closable: true },
  ),
  error: errorScreen,
  accountNotFound: preloadableScreen(
    () => import('../screens/AccountNotFound/AccountNotFound').then((m) => m.AccountNotFound),
    { title: (m) => m.accountNotFound.title, closable: true },
  ),
  accessDenied: preloadableScreen(
    () => import('../screens/AccessDenied/AccessDenied').then((m) => m.AccessDenied),
    { title: (m) => m.error.allowlistTitle, closable: true },
  ),
  userLimitReached: preloadableScreen(
    () => import('../screens/UserLimitReached/UserLimitReached').then((m) => m.UserLimitReached),
    { title: (m) => m.userLimitReached.title, closable: true },
  ),
  success: successScreen,
  // 'One last step': not closable, the user accepts or declines (docs/modal.md).
  terms: preloadableScreen(() => import('../screens/login/Terms/Terms').then((m) => m.Terms), {
    title: (m) => m.terms.title,
    closable: false,
  }),
  // Wallet screens: their own lazy chunks, with the wallet code of @foyer/core/wallet (bundle budget).
  signRequest: preloadableScreen(
    () => import('../screens/wallet/SignRequest/SignRequest').then((m) => m.SignRequest),
    { title: (m) => m.signRequest.title, closable: true },
  ),
  sendTransaction: preloadableScreen(
    () => import('../screens/wallet/SendTransaction/SendTransaction').then((m) => m.SendTransaction),
    { title: (m) => m.transaction.title, closable: true },
  ),
  // A smart wallet's user operation (docs/smart-wallets.md#the-confirmation-screen).
  userOperation: preloadableScreen(
    () => import('../screens/wallet/UserOperation/UserOperation').then((m) => m.UserOperation),
    { title: (m) => m.transaction.title, closable: true },
  ),
  transactionSuccess: preloadableScreen(
    () => import('../screens/wallet/TransactionSuccess/TransactionSuccess').then((m) => m.TransactionSuccess),
    { title: (m) => m.transaction.successTitle, closable: true },
  ),
  transactionError: preloadableScreen(
    () => import('../screens/wallet/TransactionError/TransactionError').then((m) => m.TransactionError),
    { title: (m) => m.transaction.errorTitle, closable: true },
  ),
  solanaTransaction: preloadableScreen(
    () => import('../screens/wallet/SolanaTransaction/SolanaTransaction').then((m) => m.SolanaTransaction),
    { title: (m) => m.solana.title, closable: true },
  ),
  walletConnecting: preloadableScreen(
    () => import('../screens/wallet/WalletConnecting/WalletConnecting').then((m) => m.WalletConnecting),
    // Closable only when the user started the flow, like the recovery screens it leads to (docs/modal.md).
    { title: (m) => m.walletConnecting.title, closable: (params) => params.prompt.closable },
  ),
  recoverPassword: preloadableScreen(
    () => import('../screens/wallet/RecoverPassword/RecoverPassword').then((m) => m.RecoverPassword),
    // Recovery screens close only when the user started the flow (docs/modal.md).
    { title: (m) => m.recovery.enterTitle, closable: (params) => params.prompt.closable },
  ),
  recoveryOAuth: preloadableScreen(
    () => import('../screens/wallet/RecoveryOAuth/RecoveryOAuth').then((m) => m.RecoveryOAuth),
    // Recovery screens close only when the user started the flow (docs/modal.md).
    {
      title: (m) => m.recovery.oauthButton,
      closable: (params) => params.mode === 'set' || (params.mode === 'recover' && params.prompt.closable),
    },
  ),
  setPassword: preloadableScreen(
    () => import('../screens/wallet/SetPassword/SetPassword').then((m) => m.SetPassword),
    {
      title: (m) => m.password.setTitle,
      // Recovery screens close only when the user started the flow (docs/modal.md).
      closable: (params) => params.prompt.closable,
    },
  ),
  recoverySelection: preloadableScreen(
    () => import('../screens/wallet/RecoverySelection/RecoverySelection').then((m) => m.RecoverySelection),
    { title: (m) => m.recovery.selectTitle, closable: (params) => !('prompt' in params) },
  ),
  walletCreated: walletCreatedScreen,
  passwordSplash: preloadableScreen(
    () => import('../screens/wallet/PasswordSplash/PasswordSplash').then((m) => m.PasswordSplash),
    { title: (m) => m.recovery.splashTitle, closable: true },
  ),
  setAutomaticRecovery: preloadableScreen(
    () =>
      import('../screens/wallet/SetAutomaticRecovery/SetAutomaticRecovery').then(
        (m) => m.SetAutomaticRecovery,
      ),
    { title: (m) => m.recovery.automaticTitle, closable: true },
  ),
  exportWallet: preloadableScreen(
    () => import('../screens/wallet/ExportWallet/ExportWallet').then((m) => m.ExportWallet),
    { title: (m) => m.exportWallet.title, closable: true },
  ),
  importWallet: preloadableScreen(
    () => import('../screens/wallet/ImportWallet/ImportWallet').then((m) => m.ImportWallet),
    { title: (m) => m.importWallet.title, closable: true },
  ),
  // Farcaster signer: its own chunk, with the wallet code of @foyer/core/wallet and the QR encoder.
  farcasterSigner: preloadableScreen(
    () => import('../screens/farcaster/FarcasterSigner/FarcasterSigner').then((m) => m.FarcasterSigner),
    { title: (m) => m.farcasterSigner.title, closable: true },
  ),
  // Delegated actions: their own chunk, with the wallet code of @foyer/core/wallet (docs/delegated-actions.md).
  delegatedActionsConsent: preloadableScreen(
    () => import('../screens/delegatedActions/DelegatedConsent').then((m) => m.DelegatedConsent),
    { title: (m) => m.delegatedActions.consentTitle, closable: true },
  ),
  delegatedActionsRevoke: preloadableScreen(
    () => import('../screens/delegatedActions/DelegatedRevoke').then((m) => m.DelegatedRevoke),
    { title: (m) => m.delegatedActions.revokeTitle, closable: true },
  ),
  // MFA screens: their own lazy chunk, with @foyer/core/mfa (docs/modal.md "MFA").
  mfaVerify: preloadableScreen(() => import('../screens/mfa/MfaVerify').then((m) => m.MfaVerify), {
    title: (m) => m.mfa.verifyTitle,
    closable: true,
  }),
  mfaEnrollment: preloadableScreen(
    () => import('../screens/mfa/MfaEnrollment').then((m) => m.MfaEnrollment),
    { title: (m) => m.mfa.chooseTitle, closable: true },
  ),
  // Funding screens: their own lazy chunks, with @foyer/core/funding (docs/modal.md "Funding"). Entries of
  // 'Add funds to your wallet' show once their screen is registered here (`hasScreen`).
  fundingMethods: preloadableScreen(
    () => import('../screens/funding/FundingMethods/FundingMethods').then((m) => m.FundingMethods),
    { title: (m) => m.funding.methodsTitle, closable: true },
  ),
  fundingAmount: preloadableScreen(
    () => import('../screens/funding/FundingAmount/FundingAmount').then((m) => m.FundingAmount),
    { title: (m) => m.funding.amountTitle, closable: true },
  ),
  // Transfer from another wallet, with bridging (docs/modal.md "Funding", docs/limits.md).
  fundingTransferFromWallet: preloadableScreen(
    () =>
      import('../screens/funding/transfer/TransferFromWallet/TransferFromWallet').then(
        (m) => m.TransferFromWallet,
      ),
    { title: (m) => m.fundingTransfer.title, closable: true },
  ),
  fundingTransferStatus: preloadableScreen(
    () => import('../screens/funding/transfer/TransferStatus/TransferStatus').then((m) => m.TransferStatus),
    { title: (m) => m.fundingTransfer.preparing, closable: true },
  ),
  fundingBridge: preloadableScreen(
    () =>
      import('../screens/funding/transfer/BridgeFromNetwork/BridgeFromNetwork').then(
        (m) => m.BridgeFromNetwork,
      ),
    { title: (m) => m.fundingTransfer.bridgeTitle, closable: true },
  ),
  fundingBridgeStatus: preloadableScreen(
    () => import('../screens/funding/transfer/BridgeStatus/BridgeStatus').then((m) => m.BridgeStatus),
    { title: (m) => m.fundingTransfer.quoting, closable: true },
  ),
  fundingCard: preloadableScreen(
    () => import('../screens/funding/FundingCard/FundingCard').then((m) => m.FundingCard),
    { title: (m) => m.funding.statusTitle, closable: true },
  ),
  fundingReceive: preloadableScreen(
    () => import('../screens/funding/FundingReceive/FundingReceive').then((m) => m.FundingReceive),
    { title: (m) => m.funding.receiveTitle, closable: true },
  ),
  fundingExchange: preloadableScreen(
    () => import('../screens/funding/FundingExchange/FundingExchange').then((m) => m.FundingExchange),
    { title: (m) => m.funding.statusTitle, closable: true },
  ),
}

/** Whether the modal may be closed by the user on `route` (see {@link ScreenDefinition} `closable`). */
export function isClosable(route: { id: ScreenId; params: unknown }): boolean {
  const { closable } = screens[route.id] as ScreenDefinition<ScreenId>
  return typeof closable === 'function' ? closable(route.params as never) : closable
}

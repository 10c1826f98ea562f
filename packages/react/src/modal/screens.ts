// The modal's screen registry: screen id → component (lazily loaded, landing excepted), title, closability.
//
// A login method's screens come from its entry in `screens/login/loginMethods.ts` (see `LoginMethod`).
// To add another screen `foo`:
//   1. `screens/…/Foo/params.ts`: `export type FooParams = …` (types only; it never imports the component).
//   2. `screenParams.ts`: one line in `ScreenParamsMap`, `foo: FooParams`, and its `import type`.
//   3. Here: one entry, `foo: { component: lazy(() => import('…/Foo/Foo').then(…)), title, closable }`.
//   4. The screen takes `ScreenProps<'foo'>` from `screenParams.ts`, never from this file; preloading it, if
//      wanted, goes in `preloadScreens.ts`.
// The repository's import-cycle test fails on any import cycle (lazy and type-only imports count).
import { lazy } from 'react'
import { errorScreen } from '../screens/Error/errorScreen'
import { Landing } from '../screens/login/Landing/Landing'
import { loginMethodScreens } from '../screens/login/loginMethods'
import { successScreen } from '../screens/Success/successScreen'
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
  linkAccount: {
    component: lazy(() =>
      import('../screens/link/LinkAccount/LinkAccount').then((m) => ({ default: m.LinkAccount })),
    ),
    title: (m) => m.link.phoneTitle,
    closable: true,
  },
  // Account transfer on a link conflict (docs/modal.md), with @foyer/core/account-transfer.
  accountTransfer: {
    component: lazy(() =>
      import('../screens/link/AccountTransfer/AccountTransferPrompt').then((m) => ({
        default: m.AccountTransferPrompt,
      })),
    ),
    title: (m) => m.accountTransfer.transfer,
    closable: true,
  },
  accountTransferAssets: {
    component: lazy(() =>
      import('../screens/link/AccountTransfer/CheckAssets').then((m) => ({ default: m.CheckAssets })),
    ),
    title: (m) => m.accountTransfer.assetsTitle,
    closable: true,
  },
  linkPasskey: {
    component: lazy(() =>
      import('../screens/link/LinkPasskey/LinkPasskey').then((m) => ({ default: m.LinkPasskey })),
    ),
    title: (m) => m.passkey.listTitle,
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
  error: errorScreen,
  accountNotFound: {
    component: lazy(() =>
      import('../screens/AccountNotFound/AccountNotFound').then((m) => ({ default: m.AccountNotFound })),
    ),
    title: (m) => m.accountNotFound.title,
    closable: true,
  },
  accessDenied: {
    component: lazy(() =>
      import('../screens/AccessDenied/AccessDenied').then((m) => ({ default: m.AccessDenied })),
    ),
    title: (m) => m.error.allowlistTitle,
    closable: true,
  },
  userLimitReached: {
    component: lazy(() =>
      import('../screens/UserLimitReached/UserLimitReached').then((m) => ({ default: m.UserLimitReached })),
    ),
    title: (m) => m.userLimitReached.title,
    closable: true,
  },
  success: successScreen,
  // 'One last step': not closable, the user accepts or declines (docs/modal.md).
  terms: {
    component: lazy(() => import('../screens/login/Terms/Terms').then((m) => ({ default: m.Terms }))),
    title: (m) => m.terms.title,
    closable: false,
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
    // Recovery screens close only when the user started the flow (docs/modal.md).
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
  importWallet: {
    component: lazy(() =>
      import('../screens/wallet/ImportWallet/ImportWallet').then((m) => ({ default: m.ImportWallet })),
    ),
    title: (m) => m.importWallet.title,
    closable: true,
  },
  // Farcaster signer: its own chunk, with the wallet code of @foyer/core/wallet and the QR encoder.
  farcasterSigner: {
    component: lazy(() =>
      import('../screens/farcaster/FarcasterSigner/FarcasterSigner').then((m) => ({
        default: m.FarcasterSigner,
      })),
    ),
    title: (m) => m.farcasterSigner.title,
    closable: true,
  },
  // MFA screens: their own lazy chunk, with @foyer/core/mfa (docs/modal.md "MFA").
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
  // Funding screens: their own lazy chunks, with @foyer/core/funding (docs/modal.md "Funding"). Entries of
  // 'Add funds to your wallet' show once their screen is registered here (`hasScreen`).
  fundingMethods: {
    component: lazy(() =>
      import('../screens/funding/FundingMethods/FundingMethods').then((m) => ({
        default: m.FundingMethods,
      })),
    ),
    title: (m) => m.funding.methodsTitle,
    closable: true,
  },
  fundingAmount: {
    component: lazy(() =>
      import('../screens/funding/FundingAmount/FundingAmount').then((m) => ({ default: m.FundingAmount })),
    ),
    title: (m) => m.funding.amountTitle,
    closable: true,
  },
  // Transfer from another wallet, with bridging (docs/modal.md "Funding", docs/limits.md).
  fundingTransferFromWallet: {
    component: lazy(() =>
      import('../screens/funding/transfer/TransferFromWallet/TransferFromWallet').then((m) => ({
        default: m.TransferFromWallet,
      })),
    ),
    title: (m) => m.fundingTransfer.title,
    closable: true,
  },
  fundingTransferStatus: {
    component: lazy(() =>
      import('../screens/funding/transfer/TransferStatus/TransferStatus').then((m) => ({
        default: m.TransferStatus,
      })),
    ),
    title: (m) => m.fundingTransfer.preparing,
    closable: true,
  },
  fundingBridge: {
    component: lazy(() =>
      import('../screens/funding/transfer/BridgeFromNetwork/BridgeFromNetwork').then((m) => ({
        default: m.BridgeFromNetwork,
      })),
    ),
    title: (m) => m.fundingTransfer.bridgeTitle,
    closable: true,
  },
  fundingBridgeStatus: {
    component: lazy(() =>
      import('../screens/funding/transfer/BridgeStatus/BridgeStatus').then((m) => ({
        default: m.BridgeStatus,
      })),
    ),
    title: (m) => m.fundingTransfer.quoting,
    closable: true,
  },
  fundingCard: {
    component: lazy(() =>
      import('../screens/funding/FundingCard/FundingCard').then((m) => ({ default: m.FundingCard })),
    ),
    title: (m) => m.funding.statusTitle,
    closable: true,
  },
  fundingReceive: {
    component: lazy(() =>
      import('../screens/funding/FundingReceive/FundingReceive').then((m) => ({ default: m.FundingReceive })),
    ),
    title: (m) => m.funding.receiveTitle,
    closable: true,
  },
  fundingExchange: {
    component: lazy(() =>
      import('../screens/funding/FundingExchange/FundingExchange').then((m) => ({
        default: m.FundingExchange,
      })),
    ),
    title: (m) => m.funding.statusTitle,
    closable: true,
  },
}

/** Whether the modal may be closed by the user on `route` (see {@link ScreenDefinition} `closable`). */
export function isClosable(route: { id: ScreenId; params: unknown }): boolean {
  const { closable } = screens[route.id] as ScreenDefinition<ScreenId>
  return typeof closable === 'function' ? closable(route.params as never) : closable
}

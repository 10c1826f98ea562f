/**
 * The one table from error code to what the modal shows (docs/errors.md "Error catalogue";
 * docs/conventions.md "Errors carry a stable code", "Copy in one place").
 *
 * Each row is an error code (core's `FoyerErrorCode`: the protocol's server codes, the wallet frame's error
 * types and core's client-made codes); each line of a row is one flow's entry for that code:
 * - `login`: the login error screen's title / detail / button (`ErrorScreenEntry`). Every server code has
 *   one (checked at compile time); any screen that routes to 'error' shows this copy.
 * - any other flow (`ErrorFlowEntries`): either a screen to go to (`{ screen: 'userLimitReached' }`) or a
 *   text shown in place (`{ text: 'passkey.notAllowed', retry: true }`, `retry`: whether the screen offers
 *   another try of the same thing).
 * A code with no line for a flow shows that flow's default (`flowDefaults`). Texts are keys of i18n/en.ts
 * (`'error.tooManyAttempts'`) or the error's own message / details (`CopyText`), never literal strings.
 * Screens and hooks read this table through `errorOutcome(flow, info)` and `errorScreenCopy(info, …)`; they
 * never branch on a code themselves.
 *
 * ## Adding a flow (OAuth, Telegram, Farcaster, …)
 * 1. Add the flow to `ErrorFlowEntries` with the entries it can have, e.g.
 *    `oauth: Screen<'error' | 'accountNotFound' | 'userLimitReached' | 'accessDenied'> | Inline`.
 * 2. Add its default (what a code without a line shows) to `flowDefaults`, e.g.
 *    `oauth: { text: 'oauth.unknownError', retry: true }`.
 * 3. For each code whose copy differs in that flow, add one line to the code's row, e.g. in
 *    `linked_to_another_user`: `oauth: { text: 'error.linkedToAnotherUser', retry: false },`.
 *    A code that has no row yet gets a new row; a client-made code must first be added to core's
 *    `clientErrorCodes` (packages/core/src/errors/clientErrorCodes.ts).
 * 4. Put the flow's strings in i18n/en.ts, under the flow's screen (`oauth: { … }`).
 * 5. In the flow's screen: `const outcome = errorOutcome('oauth', toErrorInfo(caught))`, then route to
 *    `outcome.screen` or show `outcome.text(messages)`.
 * 6. Test the flow's docs/errors.md texts in errorTable.test.ts.
 */
import type { FoyerErrorCode } from '@foyer/core'
import type { ErrorCode } from '@foyer/protocol'
import type { CopyText, MessageKey } from './copyText'

/** The login error screen's copy for a code (docs/errors.md "Login error screen"). */
export type ErrorScreenEntry = {
  title: CopyText
  detail: CopyText
  button: MessageKey
  /** The app's `allowlist_config` texts replace these when set; its `cta_link` makes the button a link. */
  allowlist?: true
}

/** The screens a failure can route to. `landingPlusEmail`: back to the landing with the plus-email hint. */
export type ErrorRoute =
  | 'error'
  | 'accountNotFound'
  | 'userLimitReached'
  | 'accessDenied'
  | 'landingPlusEmail'

/** Go to a screen. `resetsCaptcha`: the error screen sits above the captcha screen, whose fresh run resets it. */
export type Screen<Route extends ErrorRoute> = { screen: Route; resetsCaptcha?: true }

/** Stay and show a text; `retry`: whether the screen offers another try. */
export type Inline = { text: CopyText; retry: boolean }

/** Each flow and the entries it can have (a flow that never leaves its screen has only `Inline`). */
export type ErrorFlowEntries = {
  /** Sending a passwordless code from the landing or the captcha screen (docs/modal.md, docs/errors.md). */
  sendCode: Screen<'error' | 'landingPlusEmail'>
  /** The awaiting-code screen (docs/errors.md "Passwordless code"). */
  verifyCode:
    | Screen<'error' | 'accountNotFound' | 'userLimitReached' | 'accessDenied' | 'landingPlusEmail'>
    | Inline
  /** Passkey sign-in and linking (docs/errors.md "Passkey"). */
  passkey: Inline
  /** Browser wallet sign-in, link and connect (docs/errors.md "Wallet connection mapping"). */
  wallet: Screen<'error' | 'accountNotFound' | 'userLimitReached' | 'accessDenied'> | Inline
  /**
   * The headless link hooks: link or unlink an email or phone, update a phone (docs/errors.md "Passwordless
   * code").
   */
  link: Inline
  /** Recovering an embedded wallet with its password (docs/errors.md). */
  recovery: Inline
  /**
   * OAuth sign-in and linking, on the OAuth status screen (docs/errors.md "OAuth"). Texts may hold
   * `{provider}` (the provider's display name) and `{scope}` (the capitalised provider id, `oauthScopeName`).
   */
  oauth: Screen<'error' | 'accountNotFound' | 'userLimitReached' | 'accessDenied'> | Inline
  /** Telegram sign-in and linking, on the Telegram screen (docs/errors.md "Telegram"). */
  telegram: Screen<'error' | 'accountNotFound' | 'userLimitReached' | 'accessDenied'> | Inline
  /** Farcaster sign-in and linking, on the awaiting-Farcaster screen (docs/errors.md "Farcaster"). */
  farcaster: Screen<'error' | 'accountNotFound' | 'userLimitReached' | 'accessDenied'> | Inline
  /**
   * 'Add a signer to Farcaster' (docs/errors.md "Farcaster": signer 'Connect failed' or 'Request rejected').
   */
  farcasterSigner: Inline
  /** Moving an account on a link conflict (docs/modal.md "Account transfer prompt"). */
  transfer: Inline
  /** Transfer from an external wallet and bridging (docs/limits.md, docs/errors.md "Funding"). */
  fundingTransfer: Inline
}

/** A flow of the table. */
export type ErrorFlow = keyof ErrorFlowEntries

/** A row: the code's entry per flow (`login`: the login error screen). */
export type ErrorRow = { login?: ErrorScreenEntry } & { [Flow in ErrorFlow]?: ErrorFlowEntries[Flow] }

/** The login error screen for anything else: the server's message for an HTTP 400 or 422, else 'Try again later'. */
const loginDefault: ErrorScreenEntry = {
  title: 'error.somethingWentWrong',
  detail: { message: 'error.tryAgainLater', status: [400, 422] },
  button: 'error.tryAgain',
}

/** What each flow shows for a code that has no line for it. */
export const flowDefaults: { login: ErrorScreenEntry } & ErrorFlowEntries = {
  login: loginDefault,
  sendCode: { screen: 'error' },
  verifyCode: { text: 'awaitingCode.genericError', retry: true },
  passkey: { text: 'passkey.unknownError', retry: true },
  wallet: { text: 'externalWallets.unableToConnect', retry: true },
  link: { text: 'awaitingCode.genericError', retry: true },
  recovery: { text: 'recovery.genericError', retry: true },
  // docs/errors.md "OAuth": anything else is UNKNOWN_AUTH_ERROR, 'Something went wrong. Please try again.'
  oauth: { text: 'oauth.unknownError', retry: true },
  // docs/errors.md "Telegram": otherwise 'Authentication failed'.
  telegram: { text: 'telegram.authenticationFailed', retry: true },
  // docs/errors.md "Farcaster": anything else is 'Authentication failed'.
  farcaster: { text: 'farcaster.authenticationFailed', retry: true },
  farcasterSigner: { text: 'farcasterSigner.connectFailed', retry: true },
  // The server's message (a spent or expired nonce, the link limit), else a generic failure.
  transfer: { text: { message: 'accountTransfer.failed' }, retry: false },
  fundingTransfer: { text: { message: 'fundingTransfer.genericError' }, retry: true },
}

const linkedToAnotherUser = {
  login: {
    title: 'error.authenticationFailed',
    detail: 'error.linkedToAnotherUser',
    button: 'error.tryAgain',
  },
  verifyCode: { screen: 'error' },
  wallet: { text: 'externalWallets.alreadyLinked', retry: false },
  link: { text: 'error.linkedToAnotherUser', retry: false },
  oauth: { text: 'error.linkedToAnotherUser', retry: false },
  telegram: { text: 'error.linkedToAnotherUser', retry: false },
  farcaster: { text: 'error.linkedToAnotherUser', retry: false },
} satisfies ErrorRow

/** docs/errors.md "Telegram": invalid data, cannot link more, invalid credentials and captcha failure. */
const telegramTryAgain = { text: 'telegram.tryAgain', retry: true } as const

/** The table: one row per code. Every server code has a `login` entry; other codes only where they differ. */
export const errorTable = {
  // Server codes (the protocol's `errorCodes`)
  invalid_credentials: {
    login: loginDefault,
    verifyCode: { text: 'awaitingCode.invalidCode', retry: true },
    link: { text: 'awaitingCode.invalidCode', retry: true },
    telegram: telegramTryAgain,
    farcaster: { text: 'farcaster.somethingWentWrong', retry: true },
  },
  invalid_data: { login: loginDefault, telegram: telegramTryAgain },
  // 'Cannot unlink a passkey enrolled in MFA' (docs/limits.md) and other refused requests: the server's text.
  invalid_request: {
    login: loginDefault,
    passkey: { text: { message: 'passkey.unknownError' }, retry: false },
  },
  linked_to_another_user: linkedToAnotherUser,
  cannot_link_more_of_type: {
    login: loginDefault,
    verifyCode: { text: { message: 'awaitingCode.genericError' }, retry: true },
    passkey: { text: 'passkey.cannotLinkMore', retry: true },
    // The per-type link cap (docs/api.md), not the app's user limit: the server's message, then Back.
    wallet: { text: { message: 'externalWallets.unableToConnect' }, retry: false },
    link: { text: { message: 'awaitingCode.genericError' }, retry: false },
    oauth: { text: 'oauth.cannotLinkMore', retry: false },
    telegram: telegramTryAgain,
    farcaster: { text: { message: 'farcaster.authenticationFailed' }, retry: false },
  },
  allowlist_rejected: {
    login: {
      title: 'error.allowlistTitle',
      detail: 'error.allowlistDetail',
      button: 'error.allowlistButton',
      allowlist: true,
    },
    // docs/modal.md "Allowlist rejection": its own access-denied screen, with the app's overrides.
    verifyCode: { screen: 'accessDenied' },
    wallet: { screen: 'accessDenied' },
    oauth: { screen: 'accessDenied' },
    telegram: { screen: 'accessDenied' },
    farcaster: { screen: 'accessDenied' },
  },
  max_accounts_reached: {
    login: loginDefault,
    verifyCode: { screen: 'userLimitReached' },
    wallet: { screen: 'userLimitReached' },
    oauth: { screen: 'userLimitReached' },
    telegram: { screen: 'userLimitReached' },
    farcaster: { screen: 'userLimitReached' },
  },
  user_does_not_exist: {
    login: loginDefault,
    verifyCode: { screen: 'accountNotFound' },
    wallet: { screen: 'accountNotFound' },
    oauth: { screen: 'accountNotFound' },
    telegram: { screen: 'accountNotFound' },
    farcaster: { screen: 'accountNotFound' },
  },
  signup_disabled: {
    login: loginDefault,
    verifyCode: { screen: 'error' },
    oauth: { screen: 'error' },
  },
  account_transfer_required: { login: loginDefault, telegram: { screen: 'error' } },
  disallowed_login_method: {
    login: {
      title: 'error.notAllowed',
      detail: { message: 'error.tryAgainLater' },
      button: 'error.tryAnotherMethod',
    },
    verifyCode: { screen: 'error' },
    wallet: { screen: 'error' },
    oauth: { screen: 'error' },
    telegram: { text: 'telegram.notAllowed', retry: false },
    farcaster: { screen: 'error' },
  },
  disallowed_plus_email: {
    login: loginDefault,
    sendCode: { screen: 'landingPlusEmail' },
    verifyCode: { screen: 'landingPlusEmail' },
  },
  too_many_requests: {
    login: { title: 'error.requestFailed', detail: 'error.tooManyAttempts', button: 'error.tryAgainLater' },
    verifyCode: { screen: 'error' },
    // docs/errors.md "OAuth": including a provider rate-limit message (the server's text).
    oauth: { text: { message: 'oauth.tooManyRequests' }, retry: true },
    telegram: { text: 'telegram.tooManyRequests', retry: true },
    farcaster: { text: 'farcaster.tooManyRequests', retry: true },
  },
  invalid_captcha: {
    login: { title: 'error.somethingWentWrong', detail: 'error.pleaseTryAgain', button: 'error.tryAgain' },
    sendCode: { screen: 'error', resetsCaptcha: true },
    passkey: { text: 'error.pleaseTryAgain', retry: true },
    oauth: { screen: 'error' },
    telegram: telegramTryAgain,
    farcaster: { screen: 'error' },
  },
  missing_or_invalid_token: { login: loginDefault },
  invalid_origin: {
    login: loginDefault,
    oauth: { screen: 'error' },
  },
  missing_origin: { login: loginDefault },
  oauth_state_mismatch: { login: loginDefault },
  invalid_pkce_parameters: { login: loginDefault },
  oauth_account_suspended: {
    login: loginDefault,
    oauth: { text: 'oauth.suspended', retry: false },
  },
  cannot_unlink_embedded_wallet: { login: loginDefault },
  cannot_unlink_sole_account: {
    login: loginDefault,
    link: { text: { message: 'awaitingCode.genericError' }, retry: false },
    passkey: { text: { message: 'passkey.unknownError' }, retry: false },
  },
  missing_or_invalid_mfa: { login: loginDefault },
  terms_not_accepted: { login: loginDefault },
  mfa_timeout: { login: loginDefault },
  mfa_verification_max_attempts_reached: { login: loginDefault },
  twilio_verification_failed: { login: loginDefault },
  passkey_not_registered: { login: loginDefault },
  resource_conflict: { login: loginDefault },
  not_supported: { login: loginDefault },
  region_not_supported: {
    login: {
      title: 'error.regionNotSupportedTitle',
      detail: 'error.regionNotSupportedDetail',
      button: 'error.tryAnotherMethod',
    },
    verifyCode: { screen: 'error' },
    link: { text: 'error.regionNotSupportedDetail', retry: false },
  },
  not_found: { login: loginDefault },
  internal_error: { login: loginDefault },
  invalid_device_proof: { login: loginDefault },
  device_not_registered: { login: loginDefault },
  reauthentication_required: { login: loginDefault },
  // Cross-app: the provider does not allow this app (docs/errors.md: a generic failure, with the server's
  // text).
  cross_app_connection_not_allowed: {
    login: loginDefault,
    oauth: { text: { message: 'oauth.unknownError' }, retry: false },
  },
  // A Telegram payload used twice: Telegram signs a fresh one on the next try.
  telegram_data_already_used: { login: loginDefault, telegram: telegramTryAgain },
  // Funding asked to sign for a wallet or email that is not the user's own.
  address_not_owned: { login: loginDefault },
  email_not_owned: { login: loginDefault },
  // The wallet API's codes answer the app's back end, the console guard's the console page: not the modal.
  user_has_not_delegated_wallet: { login: loginDefault },
  invalid_authorization_signature: { login: loginDefault },
  policy_violation: { login: loginDefault },
  not_console_operator: { login: loginDefault },
  wallet_busy: { login: loginDefault },
  // Client-made codes (core's `clientErrorCodes`)
  request_timeout: {
    login: {
      title: 'error.somethingWentWrong',
      detail: { message: 'error.timedOut' },
      button: 'error.tryAgain',
    },
    // The documented timeout text (docs/errors.md "Farcaster": 'The request timed out. Try again.').
    wallet: { text: 'externalWallets.timedOut', retry: true },
    farcaster: { text: 'farcaster.timedOut', retry: true },
  },
  network_error: {
    login: { title: 'error.somethingWentWrong', detail: 'error.networkError', button: 'error.tryAgain' },
  },
  captcha_failed: {
    login: { title: 'error.somethingWentWrong', detail: 'error.captchaFailed', button: 'error.tryAgain' },
    telegram: telegramTryAgain,
  },
  CAPTCHA_TIMEOUT: {
    login: { title: 'error.somethingWentWrong', detail: 'error.captchaTimeout', button: 'error.tryAgain' },
  },
  // Turnstile's script did not load (or defined nothing): an adblocker or VPN is the usual cause.
  captcha_unavailable: {
    login: {
      title: 'error.somethingWentWrong',
      detail: 'error.captchaUnavailable',
      button: 'error.tryAgain',
    },
  },
  unsupported_captcha_site_key: {
    login: {
      title: 'error.somethingWentWrong',
      detail: 'error.unsupportedCaptchaSiteKey',
      button: 'error.tryAgain',
    },
  },
  PASSKEY_NOT_ALLOWED: { passkey: { text: 'passkey.notAllowed', retry: true } },
  webauthn_not_supported: { passkey: { text: 'passkey.notSupported', retry: true } },
  // No spec text for a refused connection; the wallet may be asked again.
  user_rejected: {
    wallet: { text: 'externalWallets.rejected', retry: true },
    fundingTransfer: { text: 'fundingTransfer.rejected', retry: true },
  },
  // A detailed wallet error shows its details as is (docs/errors.md "Wallet connection mapping").
  wallet_connection_error: {
    wallet: { text: { details: 'externalWallets.unableToConnect' }, retry: true },
    fundingTransfer: { text: { details: 'fundingTransfer.genericError' }, retry: true },
  },

  // OAuth (docs/errors.md "OAuth")
  OAUTH_USER_DENIED: { oauth: { text: 'oauth.denied', retry: true } },
  UNKNOWN_AUTH_ERROR: { oauth: { text: 'oauth.unknownError', retry: true } },
  oauth_flow_missing: { oauth: { text: 'oauth.authenticationError', retry: true } },
  oauth_origin_mismatch: { oauth: { text: 'oauth.originMismatch', retry: true } },

  // Telegram (docs/errors.md "Telegram")
  telegram_rate_limited: { telegram: { text: 'telegram.rateLimited', retry: true } },
  telegram_widget_unavailable: { telegram: { text: 'telegram.widgetUnavailable', retry: true } },
  // Farcaster signer (docs/errors.md "Farcaster", docs/modal.md)
  farcaster_signer_rejected: { farcasterSigner: { text: 'farcasterSigner.rejected', retry: true } },
  farcaster_signer_timeout: { farcasterSigner: { text: 'farcasterSigner.timedOut', retry: true } },
  // Cross-app (docs/errors.md "Cross-app"): the sign-in popup's failures show on the cross-app screen
  cross_app_timeout: { oauth: { text: 'crossApp.timeout', retry: true } },
  cross_app_init_failed: { oauth: { text: 'crossApp.initFailed', retry: true } },
  cross_app_rejected: { oauth: { text: 'crossApp.rejected', retry: true } },
  cross_app_invalid_connection: { oauth: { text: 'crossApp.invalidConnection', retry: false } },
  cross_app_read_only: { oauth: { text: 'crossApp.readOnly', retry: false } },
  cross_app_wrong_address: { oauth: { text: 'crossApp.wrongAddress', retry: false } },
  cross_app_invalid_token: { oauth: { text: 'crossApp.invalidToken', retry: false } },

  // Transfer from another wallet, bridging (docs/api.md, docs/errors.md): the bridge API's message, else
  // 'Error fetching quote from relay'
  bridge_quote_failed: { fundingTransfer: { text: { message: 'fundingTransfer.quoteError' }, retry: true } },
  bridging_unsupported: {
    fundingTransfer: { text: { message: 'fundingTransfer.genericError' }, retry: false },
  },
  external_transfer_failed: {
    fundingTransfer: { text: { message: 'fundingTransfer.genericError' }, retry: true },
  },

  // Wallet frame error types (docs/errors.md)
  invalid_recovery_pin: { recovery: { text: 'recovery.invalidPassword', retry: true } },
  invalid_request_arguments: { recovery: { text: 'recovery.invalidPassword', retry: true } },
  // The wallet frame did not connect while recovering (docs/errors.md "Recovery and wallet creation").
  wallet_proxy_missing: { recovery: { text: 'recovery.connectFailed', retry: true } },
  wallet_proxy_unavailable: { recovery: { text: 'recovery.connectFailed', retry: true } },
  wallet_proxy_timeout: { recovery: { text: 'recovery.connectFailed', retry: true } },
  wallet_proxy_destroyed: { recovery: { text: 'recovery.connectFailed', retry: true } },
} satisfies { [Code in ErrorCode]: ErrorRow & { login: ErrorScreenEntry } } & {
  [Code in Exclude<FoyerErrorCode, ErrorCode>]?: ErrorRow
}

/**
 * The row of a code, or `undefined` for a code without one (any string: codes come from caught values).
 *
 * @example errorRow('too_many_requests')?.login // { title: 'error.requestFailed', … }
 */
export function errorRow(code: string): ErrorRow | undefined {
  return Object.hasOwn(errorTable, code) ? (errorTable as Record<string, ErrorRow>)[code] : undefined
}

/**
 * Every code of an error the client makes itself (no server answer behind it), in one list: a `BaseError`
 * subclass whose code is missing here does not compile (its `code` must be a {@link FoyerErrorCode}).
 * The server's codes are the protocol's `errorCodes`; the wallet frame's are its `frameErrorTypes`
 * (docs/errors.md). None of these may reuse one of those (checked by `errors.test.ts`).
 */
export const clientErrorCodes = [
  // Any request or flow
  /** A failure with no code we know (an `ApiError` whose body had none, a bare `Error`). */
  'unknown_error',
  /** The request could not reach the server (`NetworkError`). */
  'network_error',
  /** The request did not answer in time (`TimeoutError`). */
  'request_timeout',
  /** The caller aborted the request through its signal (`RequestAbortedError`). */
  'request_aborted',
  /** 'No auth flow in progress.' (docs/errors.md "Session and flow errors"; `NoAuthFlowError`). */
  'no_auth_flow',
  /** The provider's app id is malformed (`InvalidAppIdError`). */
  'invalid_app_id',
  /** The user declined a prompt or closed the modal (docs/errors.md: 4001; `UserRejectedRequestError`). */
  'user_rejected',

  // Passkeys (docs/errors.md "Passkey")
  /** WebAuthn `NotAllowedError`: timed out or rejected by the user (`PasskeyNotAllowedError`). */
  'PASSKEY_NOT_ALLOWED',
  /** The browser has no WebAuthn (`WebAuthnNotSupportedError`). */
  'webauthn_not_supported',

  // Captcha (docs/modal.md "Captcha status", docs/errors.md; `CaptchaError`)
  /** No captcha result within the wait (20 s); message 'Captcha failed'. */
  'CAPTCHA_TIMEOUT',
  /** The challenge failed after its retries. */
  'captcha_failed',
  /** Turnstile's script could not be loaded. */
  'captcha_unavailable',
  /** The app's site key is missing or lacks the `t:` prefix (docs/limits.md). */
  'unsupported_captcha_site_key',

  // OAuth (docs/limits.md, docs/errors.md "OAuth")
  /** The return's code was the literal 'undefined': the user denied ('Invalid code during oauth flow.'; `OAuthUserDeniedError`). */
  'OAUTH_USER_DENIED',
  /** The provider or the popup reported an error ('Invalid code during OAuth flow.'; `OAuthUnknownError`). */
  'UNKNOWN_AUTH_ERROR',
  /** No stored PKCE verifier for the return: 'Authentication error.' (`OAuthFlowMissingError`). */
  'oauth_flow_missing',
  /** `window.open` returned nothing (`OAuthPopupError`). */
  'oauth_popup_blocked',
  /** The user closed the popup first (`OAuthPopupError`). */
  'oauth_popup_closed',
  /** The popup's answer came from another origin: 'Origins between parent and child windows do not match.' */
  'oauth_origin_mismatch',

  // Telegram (docs/errors.md "Telegram")
  /** The server's 429 mentions a rate limit: 'Request limit reached for Telegram…' (`TelegramRateLimitError`). */
  'telegram_rate_limited',
  /** Telegram's login widget script could not be loaded (`TelegramWidgetError`). */
  'telegram_widget_unavailable',
  // Cross-app (docs/errors.md; `CrossAppError`)
  /** 'Cannot request a signature with this wallet address'. */
  'cross_app_wrong_address',
  /** 'Cannot transact against a read-only provider app'. */
  'cross_app_read_only',
  /** 'Transactions require a valid token'. */
  'cross_app_invalid_token',
  /** 'Failed to initialize signature request'. */
  'cross_app_init_failed',
  /** 'Request timeout' (120 s). */
  'cross_app_timeout',
  /** 'User rejected request'. */
  'cross_app_rejected',
  /** 'Invalid connected app'. */
  'cross_app_invalid_connection',

  // Account transfer (docs/limits.md; `AccountTransferError`)
  /** 'Invalid transfer account type' (custom, guest, passkey) or 'Wallet parameters must be defined'. */
  'invalid_account_transfer',

  // Browser wallets (docs/errors.md "Wallet connection mapping")
  /** A browser wallet failed to connect or sign ('Unable to connect wallet'; `WalletConnectionError`). */
  'wallet_connection_error',

  // Embedded wallets (docs/errors.md; `EmbeddedWalletError`, `WalletProxyError`, chain errors)
  /** No session: 'An error has occured, please login again.' */
  'not_authenticated',
  /** The wallet frame could not be created (no document). */
  'wallet_proxy_missing',
  /** Wallet creation took longer than 20 s. */
  'wallet_create_timeout',
  /** The frame answered creation with nothing usable. */
  'wallet_create_no_response',
  /** The user left before a password was added to the new wallet. */
  'wallet_create_aborted',
  /** `/users/me` failed after creating a wallet. */
  'user_refresh_failed',
  /** `/users/me` does not list the new wallet. */
  'wallet_missing_after_create',
  /** An index-0 wallet of that chain type exists. */
  'wallet_already_exists',
  /** Signing without a wallet. */
  'wallet_missing',
  /** `personal_sign` / Solana `signMessage` with an empty message. */
  'invalid_message',
  /** A generic signing failure. */
  'signing_failed',
  /** Setting a password failed. */
  'set_password_failed',
  /** Page or wallet server on plain http, neither `localhost` nor an IP address. */
  'https_required',
  /** `createWallet` with a negative or non-integer `walletIndex`. */
  'invalid_wallet_index',
  /** An additional wallet asked for before the index-0 wallet of that chain type exists. */
  'first_wallet_required',
  /** The user closed the import screen before importing a key. */
  'wallet_import_canceled',
  /** The recovery method is not one this client can recover. */
  'recovery_not_supported',
  /** The wallet frame did not answer within the request's timeout. */
  'wallet_proxy_timeout',
  /** The wallet frame was destroyed (logout, teardown) while a request was pending. */
  'wallet_proxy_destroyed',
  /** The wallet frame answered with a message that failed its schema. */
  'wallet_proxy_invalid_reply',
  /** There is no document to mount the wallet frame in (server rendering). */
  'wallet_proxy_unavailable',
  /** The requested EVM chain is not in the app's chains. */
  'chain_not_configured',
  /** A transaction request is malformed. */
  'invalid_transaction_request',
  /** `sponsored: true` without a paymaster: the wallet pays its own fees (`SponsorshipUnavailableError`). */
  'sponsorship_unavailable',
  /** Smart wallets are off for the app, or not configured on the chain (`SmartWalletError`). */
  'smart_wallets_not_configured',
  /** The smart-wallet type's factory has no code on the chain, or this SDK cannot build the type (`SmartWalletError`). */
  'smart_wallet_type_unavailable',
  /** The requested Solana cluster is not configured. */
  'cluster_not_configured',
  /** A Solana transaction is malformed or lacks the wallet's key. */
  'invalid_solana_transaction',
  // Ethereum transactions (docs/transaction-errors.md; `TransactionError`)
  /** The transaction was mined and reverted (receipt status 0). */
  'call_exception',
  /** The transaction's nonce was already used: 'nonce too low', 'already known'. */
  'nonce_expired',
  /** A transaction with the same nonce is pending and this one does not pay enough more to replace it. */
  'replacement_underpriced',
  /** Another transaction with the same nonce was mined instead (replaced, repriced or cancelled). */
  'transaction_replaced',
  // Solana confirmation (docs/solana-transactions.md; `SolanaTransactionError`)
  /** An instruction of a program that is neither confirmed nor opted in: 'Unsupported Program ID'. */
  'unsupported_solana_program',
  /** A system transfer or token approval without its from (source) account: 'Missing from key'. */
  'solana_missing_from_key',
  /** A system transfer or token approval without its to (delegate) account: 'Missing to key'. */
  'solana_missing_to_key',
  /** A token approval without its owner account: 'Missing owner key'. */
  'solana_missing_owner_key',
  /** A system or token instruction without data: 'Missing instruction data'. */
  'solana_missing_instruction_data',
  /** A system transfer (or token approval) without its amount: 'Missing lamports'. */
  'solana_missing_lamports',

  // Farcaster signer (docs/errors.md "Farcaster", docs/modal.md; `FarcasterSignerError`)
  /** The user refused the signer in their Farcaster app, or it was revoked: 'Request rejected'. */
  'farcaster_signer_rejected',
  /** The signer was not approved within 300 s. */
  'farcaster_signer_timeout',
  // Funding (docs/limits.md, docs/errors.md "Funding"; `FundingError`)
  /** 'Wallet funding is not enabled': no funding config, or no option this client supports. */
  'funding_not_enabled',
  /** 'Funding chain {id} is not in FoyerProvider chains list' (or the cluster not in `solanaClusters`). */
  'funding_chain_not_configured',
  /** 'Chain ID {id} is not supported…' by the chosen on-ramp. */
  'funding_chain_not_supported',
  /** 'Invalid funding data': a malformed address, amount or asset. */
  'funding_invalid_data',
  /** The provider's popup could not be opened. */
  'funding_popup_blocked',
  /** The card purchase failed, or its status could not be read 3 times (docs/errors.md "Card funding"). */
  'funding_card_failed',
  // Multi-factor verification (docs/errors.md; `MfaError`)
  /** The user closed verification: 'MFA canceled' ('Verification canceled'). */
  'mfa_canceled',
  // Transfer from another wallet, bridging (docs/limits.md, docs/api.md, docs/errors.md; `BridgeError`)
  /** The bridge API refused the quote: its message, else 'Error fetching quote from relay'. */
  'bridge_quote_failed',
  /** Bridging from or to Solana testnet or devnet (docs/limits.md). */
  'bridging_unsupported',
  /** The external wallet's funding transaction reverted. */
  'external_transfer_failed',
] as const

/** A code of an error the client makes itself: one of {@link clientErrorCodes}. */
export type ClientErrorCode = (typeof clientErrorCodes)[number]

import { headers } from '../constants/headers'
import {
  CANNOT_UNLINK_MFA_PASSKEY_MESSAGE,
  MFA_INVALID_CODE_MESSAGE,
  MFA_MAX_ATTEMPTS_MESSAGE,
  MFA_TIMEOUT_MESSAGE,
} from '../schemas/mfa'
import type { ErrorCode } from './errorCodes'

/**
 * One error the server answers: its wire `code`, its English `message` (a function of typed parameters when
 * a part of it varies) and, for the few answers whose status is not their code's, that HTTP `status`.
 */
export type ServerError = {
  readonly code: ErrorCode
  readonly message: string | ((parameters: never) => string)
  readonly status?: number
}

/** 'Unable to fetch SOL price' for SOL (chain id 0), else 'Unable to fetch token price on chain id {chainId}'. */
const tokenPriceFailure = ({ chainId, symbol }: { chainId: number; symbol: string }) =>
  chainId === 0 && symbol === 'SOL'
    ? 'Unable to fetch SOL price'
    : `Unable to fetch token price on chain id ${chainId}`

/**
 * Every error the server throws, by a descriptive key: `{ code, message, status? }` (docs/errors.md, "Server
 * messages", lists them all). Several keys share a code: clients branch on the `code`, the message says which
 * check failed. The server throws by key (`foyerError('invalidVerificationCode')`), never with a message of
 * its own; the answer is `{ error: message, code }` with the code's status unless `status` says otherwise.
 */
export const serverErrors = {
  // Requests the framework refuses before (or instead of) a route
  invalidRequestData: { code: 'invalid_data', message: 'Invalid request data' },
  unsupportedContentType: {
    code: 'invalid_data',
    message: 'Unsupported content type: send application/json',
  },
  requestBodyTooLarge: { code: 'invalid_data', message: 'Request body too large' },
  malformedRequestBody: { code: 'invalid_data', message: 'Malformed request body' },
  routeNotFound: {
    code: 'not_found',
    message: ({ method, path }: { method: string; path: string }) => `Route ${method} ${path} not found`,
  },
  malformedUrl: { code: 'invalid_request', message: 'Malformed URL' },
  urlParameterTooLong: { code: 'invalid_request', message: 'URL parameter too long', status: 414 },
  malformedRequest: { code: 'invalid_request', message: 'Malformed request' },
  requestHeadersTooLarge: { code: 'invalid_request', message: 'Request headers too large', status: 431 },
  requestTimeout: { code: 'invalid_request', message: 'Request timeout', status: 408 },
  internalError: { code: 'internal_error', message: 'Internal server error' },
  // Requests, origins and apps
  appNotFound: { code: 'not_found', message: 'App not found' },
  consoleInvalidAppFields: { code: 'invalid_data', message: 'Some fields of the app are not valid' },
  missingAppIdHeader: { code: 'invalid_data', message: `Missing or invalid ${headers.appId} header` },
  crossSiteMissingAppIdHeader: { code: 'invalid_origin', message: `Missing ${headers.appId} header` },
  crossSiteRequest: { code: 'invalid_origin', message: 'Cross-site requests are not allowed' },
  originNotAllowed: {
    code: 'invalid_origin',
    message: ({ origin }: { origin: string }) => `Origin ${origin} is not allowed for this app`,
  },
  originNotAllowedForApp: { code: 'invalid_origin', message: 'Origin not allowed for this app' },
  missingOriginHeader: { code: 'missing_origin', message: 'Missing Origin header' },
  walletFrameOnly: { code: 'invalid_origin', message: 'Only the wallet frame may call this endpoint' },
  assetNotFound: { code: 'not_found', message: 'Asset not found' },
  tooManyRequests: { code: 'too_many_requests', message: 'Too many requests' },
  tooManyRequestsWait: {
    code: 'too_many_requests',
    message: 'Too many requests. Please wait before trying again.',
  },
  idempotencyKeyInvalid: {
    code: 'invalid_data',
    message: 'Idempotency-Key must be 16 to 255 visible ASCII characters',
  },
  idempotencyKeyReused: {
    code: 'invalid_data',
    message: 'This Idempotency-Key was already used for another request',
    status: 422,
  },
  idempotentRequestRunning: {
    code: 'resource_conflict',
    message: 'An earlier attempt of this request is still running; retry shortly',
    status: 409,
  },
  // Sessions and users
  invalidToken: { code: 'missing_or_invalid_token', message: 'Missing or invalid token' },
  userDoesNotExist: { code: 'user_does_not_exist', message: 'User does not exist' },
  sessionNotFound: { code: 'not_found', message: 'Session not found' },
  allowlistRejected: {
    code: 'allowlist_rejected',
    message: "You don't have access to this app. Have you been invited?",
  },
  maxAccountsReached: {
    code: 'max_accounts_reached',
    message: 'This app has reached its maximum number of users.',
  },
  termsNotAccepted: {
    code: 'terms_not_accepted',
    message: 'The user has not accepted the terms of this app yet',
  },
  linkedToAnotherUser: {
    code: 'linked_to_another_user',
    message: 'This account has already been linked to another user.',
  },
  cannotLinkMoreOfType: {
    code: 'cannot_link_more_of_type',
    message: ({ type }: { type: string }) => `User already has an account of type ${type} linked.`,
  },
  accountNotLinked: {
    code: 'not_found',
    message: ({ type, subject }: { type: string; subject: string }) =>
      `No ${type} account ${subject} is linked to this user.`,
  },
  crossAppAccountNotLinked: {
    code: 'not_found',
    message: ({ subject }: { subject: string }) => `No cross_app account ${subject} is linked to this user.`,
  },
  emailAccountNotLinked: {
    code: 'not_found',
    message: 'No email account with this address is linked to this user.',
  },
  phoneAccountNotLinked: {
    code: 'not_found',
    message: 'No phone account with this number is linked to this user.',
  },
  cannotUnlinkSoleAccount: {
    code: 'cannot_unlink_sole_account',
    message: 'Cannot unlink the only account of a user.',
  },
  // Account transfer
  accountTransferRequired: { code: 'account_transfer_required', message: 'Account transfer required' },
  invalidTransferType: { code: 'invalid_data', message: 'Invalid transfer account type' },
  invalidTransferNonce: { code: 'invalid_credentials', message: 'Invalid or expired account transfer nonce' },
  transferredAccountMoved: {
    code: 'resource_conflict',
    message: 'The account is no longer held by another user.',
  },
  // Captcha
  captchaMissing: { code: 'invalid_captcha', message: 'Captcha token missing' },
  captchaInvalid: { code: 'invalid_captcha', message: 'Captcha token invalid' },
  captchaCheckFailed: { code: 'invalid_captcha', message: 'Captcha verification failed' },
  // Email and SMS codes
  plusEmailDisallowed: {
    code: 'disallowed_plus_email',
    message: "Please enter a valid email address without a '+'.",
  },
  invalidVerificationCode: { code: 'invalid_credentials', message: 'Invalid or expired verification code' },
  codeResendCooldown: {
    code: 'too_many_requests',
    message: 'Too many requests. Please wait before requesting another code.',
  },
  codeNotSent: { code: 'internal_error', message: 'Could not send the code. Please try again later.' },
  smsLoginNotAllowed: { code: 'disallowed_login_method', message: 'Login with SMS not allowed.' },
  emailLoginNotAllowed: { code: 'disallowed_login_method', message: 'Login with email not allowed.' },
  smsSignInNotConfigured: { code: 'not_supported', message: 'SMS sign-in is not configured on this server.' },
  invalidPhoneNumber: { code: 'invalid_data', message: 'Invalid phone number' },
  smsRegionNotSupported: {
    code: 'region_not_supported',
    message: 'SMS authentication from this region is not available',
  },
  // Wallet sign-in (SIWE, SIWS)
  walletLoginNotAllowed: { code: 'disallowed_login_method', message: 'Login with wallet not allowed.' },
  solanaWalletLoginNotAllowed: {
    code: 'disallowed_login_method',
    message: 'Login with Solana wallet not allowed.',
  },
  invalidNonce: { code: 'invalid_credentials', message: 'Invalid or expired nonce' },
  invalidSignature: { code: 'invalid_credentials', message: 'Invalid signature' },
  invalidSignInMessage: {
    code: 'invalid_data',
    message: ({ family, reason }: { family: string; reason: string }) =>
      `Invalid ${family} message: ${reason}`,
  },
  messageDomainMismatch: {
    code: 'invalid_credentials',
    message: 'Message domain does not match the request origin',
  },
  messageUriMismatch: {
    code: 'invalid_credentials',
    message: 'Message URI does not match the request origin',
  },
  messageChainIdMismatch: {
    code: 'invalid_credentials',
    message: 'Message chain ID does not match the request chain ID',
  },
  messageIssuedInFuture: { code: 'invalid_credentials', message: 'Message issued in the future' },
  messageTooOld: { code: 'invalid_credentials', message: 'Message is too old' },
  messageExpired: { code: 'invalid_credentials', message: 'Message has expired' },
  messageNotYetValid: { code: 'invalid_credentials', message: 'Message is not yet valid' },
  walletParametersMissing: { code: 'invalid_data', message: 'Wallet parameters must be defined' },
  // Smart wallets (docs/smart-wallets.md#linking)
  smartWalletsNotEnabled: { code: 'not_supported', message: 'Smart wallets are not enabled for this app.' },
  smartWalletTypeMismatch: {
    code: 'invalid_data',
    message: ({ type, expected }: { type: string; expected: string }) =>
      `Smart wallet type ${type} is not the app's smart wallet type (${expected}).`,
  },
  smartWalletChainNotConfigured: {
    code: 'invalid_data',
    message: ({ chainId }: { chainId: string }) =>
      `Smart wallets are not configured on chain ${chainId} for this app.`,
  },
  noRpcUrlForChain: {
    code: 'not_supported',
    message: ({ chainId }: { chainId: string }) => `This server has no RPC URL for chain ${chainId}.`,
  },
  notASmartWallet: {
    code: 'invalid_credentials',
    message:
      'The address is not a smart wallet: it has no code and the signature carries no deployment (ERC-6492).',
  },
  // Passkeys
  passkeyLoginNotAllowed: { code: 'disallowed_login_method', message: 'Login with passkey not allowed.' },
  passkeySignUpNotAllowed: { code: 'disallowed_login_method', message: 'Sign up with passkey not allowed.' },
  relyingPartyMismatch: { code: 'invalid_origin', message: 'Relying party does not match the origin' },
  passkeyVerificationFailed: { code: 'invalid_credentials', message: 'Passkey verification failed' },
  invalidPasskeyChallenge: { code: 'invalid_credentials', message: 'Invalid or expired passkey challenge' },
  passkeyNotRegistered: { code: 'passkey_not_registered', message: 'Passkey is not registered' },
  cannotLinkMorePasskeys: {
    code: 'cannot_link_more_of_type',
    message: 'Cannot link more passkeys to account.',
  },
  cannotUnlinkMfaPasskey: { code: 'invalid_request', message: CANNOT_UNLINK_MFA_PASSKEY_MESSAGE },
  // OAuth
  unknownOAuthProvider: {
    code: 'invalid_data',
    message: ({ provider }: { provider: string }) => `Unknown OAuth provider ${provider}`,
  },
  oauthLoginNotAllowed: {
    code: 'disallowed_login_method',
    message: ({ provider }: { provider: string }) => `Login with ${provider} not allowed.`,
  },
  redirectNotAllowed: {
    code: 'invalid_origin',
    message: 'redirect_to is not on an allowed origin of this app',
  },
  oauthNeedsPublicUrl: {
    code: 'not_supported',
    message: 'OAuth needs the server public URL (FOYER_PUBLIC_URL)',
  },
  pkceChallengeRequired: {
    code: 'invalid_pkce_parameters',
    message: 'A PKCE S256 code_challenge is required',
  },
  pkceVerifierRequired: { code: 'invalid_pkce_parameters', message: 'A PKCE code_verifier is required' },
  pkceVerifierMismatch: {
    code: 'invalid_pkce_parameters',
    message: 'PKCE code_verifier does not match the code_challenge',
  },
  stateCodeRequired: { code: 'oauth_state_mismatch', message: 'A state_code is required' },
  oauthStateMismatch: { code: 'oauth_state_mismatch', message: 'OAuth state does not match' },
  unknownOAuthState: {
    code: 'oauth_state_mismatch',
    message: 'Unknown, expired or already used OAuth state',
  },
  invalidAuthorizationCode: { code: 'invalid_credentials', message: 'Invalid or expired authorization code' },
  oauthProviderMismatch: { code: 'invalid_data', message: 'provider does not match the OAuth flow' },
  googleDriveRecoveryNotAllowed: {
    code: 'disallowed_login_method',
    message: 'Google Drive recovery not allowed.',
  },
  icloudRecoveryNotAllowed: { code: 'disallowed_login_method', message: 'iCloud recovery not allowed.' },
  icloudSignInUnavailable: {
    code: 'internal_error',
    message: 'iCloud did not answer with a sign-in URL',
    status: 502,
  },
  googleDriveScopeNotGranted: {
    code: 'invalid_data',
    message: 'Access to your Google Drive was not granted.',
  },
  oauthAccountSuspended: {
    code: 'oauth_account_suspended',
    message: ({ provider }: { provider: string }) =>
      `Your ${provider} account is suspended. Please try another login method.`,
  },
  oauthProviderRateLimited: {
    code: 'too_many_requests',
    message: ({ provider }: { provider: string }) =>
      `${provider} answered with its provider rate limit. Please wait a moment and try again.`,
  },
  // Cross-app connections
  crossAppNotAllowed: {
    code: 'cross_app_connection_not_allowed',
    message: 'This app may not sign in with the requested provider app.',
  },
  unknownCrossAppState: {
    code: 'oauth_state_mismatch',
    message: 'Unknown, expired or already used cross-app state',
  },
  crossAppRequestMismatch: {
    code: 'invalid_data',
    message: 'The authorization request does not match its flow',
  },
  // Custom JWT
  customAuthNotAllowed: { code: 'disallowed_login_method', message: 'Login with custom auth not allowed.' },
  invalidCustomAuthToken: { code: 'invalid_credentials', message: 'Invalid custom auth token' },
  // Farcaster
  farcasterLoginNotAllowed: { code: 'disallowed_login_method', message: 'Login with Farcaster not allowed.' },
  originFieldNotAllowed: {
    code: 'invalid_origin',
    message: ({ field }: { field: string }) => `${field} is not on an allowed origin of this app`,
  },
  signInOriginNoLongerAllowed: {
    code: 'invalid_origin',
    message: 'The sign-in origin is no longer allowed for this app',
  },
  farcasterRelayUnavailable: { code: 'internal_error', message: 'The Farcaster relay is unavailable' },
  invalidFarcasterChannel: { code: 'invalid_credentials', message: 'Invalid or expired Farcaster channel' },
  unparsableFarcasterMessage: {
    code: 'invalid_data',
    message: ({ reason }: { reason: string }) => `Invalid Farcaster message: ${reason}`,
  },
  invalidFarcasterMessage: {
    code: 'invalid_credentials',
    message: ({ reason }: { reason: string }) => `Invalid Farcaster message: ${reason}`,
  },
  invalidFarcasterSignature: { code: 'invalid_credentials', message: 'Invalid Farcaster signature' },
  farcasterNonceMismatch: {
    code: 'invalid_credentials',
    message: 'Farcaster message nonce does not match the request',
  },
  farcasterDomainMismatch: {
    code: 'invalid_credentials',
    message: 'Farcaster message domain does not match the app',
  },
  farcasterUriMismatch: {
    code: 'invalid_credentials',
    message: 'Farcaster message URI does not match the app',
  },
  farcasterFidMismatch: {
    code: 'invalid_credentials',
    message: 'Farcaster message fid does not match the request',
  },
  idRegistryUnreadable: { code: 'internal_error', message: 'Could not read the Farcaster Id Registry' },
  // Farcaster signers
  farcasterSignersNotEnabled: {
    code: 'not_supported',
    message: 'Farcaster signers are not enabled for this app',
  },
  farcasterAccountRequired: {
    code: 'invalid_request',
    message: 'Link a Farcaster account before adding a signer',
  },
  signerKeyOfAnotherUser: { code: 'invalid_data', message: 'This signer key belongs to another user' },
  signerDeadlineInvalid: {
    code: 'invalid_data',
    message: 'deadline must be in the future and at most 7 days away',
  },
  signerNotStored: { code: 'internal_error', message: 'The signer could not be stored' },
  signerNotFound: { code: 'not_found', message: 'No Farcaster signer with this key' },
  signedKeyRequestUnanswered: {
    code: 'internal_error',
    message: 'The Farcaster client did not answer the signed key request',
  },
  // Telegram
  telegramLoginNotAllowed: { code: 'disallowed_login_method', message: 'Login with Telegram not allowed.' },
  telegramAccountRateLimited: {
    code: 'too_many_requests',
    message: 'Telegram rate limit reached for this account',
  },
  telegramPayloadAmbiguous: {
    code: 'invalid_data',
    message: 'Send exactly one of telegram_auth_result and telegram_web_app_data',
  },
  telegramDataAlreadyUsed: {
    code: 'telegram_data_already_used',
    message: 'This Telegram data was already used. Log in with Telegram again.',
  },
  invalidTelegramData: {
    code: 'invalid_credentials',
    message: ({ reason }: { reason: string }) => `Invalid Telegram data: ${reason}`,
  },
  telegramUserIdInvalid: { code: 'invalid_data', message: 'Telegram data has no valid user id' },
  telegramMiniAppUserInvalid: { code: 'invalid_data', message: 'Telegram mini-app data has no valid user' },
  // Multi-factor verification
  mfaRequired: { code: 'missing_or_invalid_mfa', message: 'MFA verification required' },
  mfaInvalidCode: { code: 'missing_or_invalid_mfa', message: MFA_INVALID_CODE_MESSAGE },
  mfaTimeout: { code: 'mfa_timeout', message: MFA_TIMEOUT_MESSAGE },
  mfaMaxAttempts: { code: 'mfa_verification_max_attempts_reached', message: MFA_MAX_ATTEMPTS_MESSAGE },
  mfaUnavailableToGuests: {
    code: 'missing_or_invalid_mfa',
    message: ({ action }: { action: string }) =>
      `${action} is not available to guest accounts. Link an email, phone or wallet first.`,
  },
  mfaMethodNotOffered: {
    code: 'disallowed_login_method',
    message: ({ method }: { method: string }) => `${method} verification is not enabled for this app.`,
  },
  mfaMethodNotEnabled: {
    code: 'missing_or_invalid_mfa',
    message: ({ method }: { method: string }) => `${method} verification is not enabled.`,
  },
  mfaMethodNotEnrolled: {
    code: 'not_found',
    message: ({ method }: { method: string }) => `${method} verification is not enabled.`,
  },
  mfaMethodAlreadyEnabled: {
    code: 'resource_conflict',
    message: ({ method }: { method: string }) => `${method} verification is already enabled.`,
  },
  mfaPasskeyNotEnabled: { code: 'not_found', message: 'Passkey verification is not enabled.' },
  mfaPasskeyNotLinked: { code: 'not_found', message: 'No such passkey is linked to this user.' },
  smsMfaUnavailable: {
    code: 'invalid_request',
    message: 'SMS verification is not available to accounts that sign in with SMS.',
  },
  smsNotConfigured: { code: 'not_supported', message: 'SMS is not configured on this server.' },
  mfaCodeNotSent: {
    code: 'twilio_verification_failed',
    message: 'Could not send the verification code. Please try again later.',
  },
  // Embedded wallets and devices
  notAnAddress: {
    code: 'invalid_data',
    message: ({ field, chainType }: { field: string; chainType: string }) =>
      `${field}: not a ${chainType} address`,
  },
  walletAddressNotProven: { code: 'invalid_data', message: 'The wallet address is not proven by its key' },
  embeddedWalletNotFound: { code: 'not_found', message: 'Embedded wallet not found' },
  embeddedWalletExists: { code: 'resource_conflict', message: 'User already has an embedded wallet.' },
  firstWalletRequired: {
    code: 'invalid_request',
    message: 'An additional wallet needs the wallet at index 0',
  },
  walletIndexNotNext: {
    code: 'invalid_request',
    message: ({ nextIndex }: { nextIndex: number }) =>
      `Only the next wallet index (${nextIndex}) can be added`,
  },
  walletIndexExists: { code: 'resource_conflict', message: 'Wallet index already exists' },
  importedWalletHasNoIndexes: {
    code: 'invalid_request',
    message: 'An imported wallet has no additional wallets',
  },
  embeddedWalletAddressTaken: {
    code: 'resource_conflict',
    message: 'This address is already an embedded wallet',
  },
  walletLinkedToAnotherUser: {
    code: 'resource_conflict',
    message: 'This wallet is linked to another account',
  },
  cannotUnlinkEmbeddedWallet: {
    code: 'cannot_unlink_embedded_wallet',
    message: 'Cannot unlink an embedded wallet',
  },
  invalidDeviceProof: {
    code: 'invalid_device_proof',
    message: ({ reason }: { reason: string }) => `Invalid device proof: ${reason}`,
  },
  deviceNotRegistered: {
    code: 'device_not_registered',
    message: 'This device is not registered for your wallet.',
  },
  reauthenticationRequired: {
    code: 'reauthentication_required',
    message: 'Sign in again to use your wallet on this device.',
  },
  deviceNotFound: { code: 'not_found', message: 'Device not found' },
  // Delegated actions
  delegatedActionsNotEnabled: {
    code: 'not_supported',
    message: 'Delegated actions are not enabled for this app',
  },
  delegatedShareMismatch: {
    code: 'invalid_data',
    message: 'The delegated share does not rebuild this wallet',
  },
  walletNotDelegated: {
    code: 'user_has_not_delegated_wallet',
    message: 'The user has not delegated this wallet to the app',
  },
  invalidAuthorizationSignature: {
    code: 'invalid_authorization_signature',
    message: 'Missing or invalid authorization signature',
  },
  walletIdempotencyKeyRequired: {
    code: 'invalid_request',
    message: 'The wallet API needs an idempotency key header (16 to 255 visible characters)',
  },
  walletIdempotencyKeyReused: {
    code: 'invalid_request',
    message: 'This idempotency key was used for another request',
  },
  policyDenied: { code: 'policy_violation', message: (parameters: { reason: string }) => parameters.reason },
  invalidWalletRequest: {
    code: 'invalid_request',
    message: (parameters: { reason: string }) => parameters.reason,
  },
  gasSponsorshipOff: {
    code: 'not_supported',
    message: 'Gas sponsorship is not enabled for this app.',
  },
  gasSponsorshipChainNotEnabled: {
    code: 'not_supported',
    message: ({ chainId }: { chainId: string }) =>
      `Gas sponsorship is not enabled on chain ${chainId} for this app.`,
  },
  sponsoredEntryPointRefused: {
    code: 'invalid_data',
    message: ({ entryPoint }: { entryPoint: string }) =>
      `The app's paymaster sponsors EntryPoint v0.8 operations only, not ${entryPoint}.`,
  },
  sponsoredSenderNotUserWallet: {
    code: 'invalid_data',
    message: "The operation's sender is not one of the user's embedded Ethereum wallets.",
  },
  sponsoredDelegateUnsupported: {
    code: 'invalid_data',
    message: ({ delegate }: { delegate: string }) =>
      `The app's paymaster sponsors accounts delegated to EntryPoint v0.8's Simple7702Account, not ${delegate}.`,
  },
  sponsorshipDailyLimitReached: {
    code: 'policy_violation',
    message: ({ limit }: { limit: string }) =>
      `The gas sponsored for this user today would pass the app's daily limit of ${limit} wei.`,
  },
  gasSponsorshipChainUnreadable: {
    code: 'internal_error',
    message: ({ chainId }: { chainId: string }) =>
      `Could not read the paymaster on chain ${chainId}. Please try again later.`,
    status: 502,
  },
  dailyLimitExceeded: {
    code: 'policy_violation',
    message: (parameters: { limit: string; unit: 'wei' | 'lamports' }) =>
      `The wallet's daily limit of ${parameters.limit} ${parameters.unit} for the app would be exceeded.`,
  },
  unsupportedChain: {
    code: 'not_supported',
    message: (parameters: { caip2: string }) => `No RPC is configured for ${parameters.caip2}`,
  },
  transactionFailed: {
    code: 'internal_error',
    message: 'The transaction could not be sent',
    status: 502,
  },
  signerUnavailable: {
    code: 'internal_error',
    message: 'The signer is not reachable',
    status: 503,
  },
  walletBusy: {
    code: 'wallet_busy',
    message: 'Another send of this wallet is still in progress. Please retry in a few seconds.',
  },
  signerNotConfigured: {
    code: 'not_supported',
    message: 'No signer is configured for delegated actions',
  },
  // Funding
  fundingNotEnabled: { code: 'not_supported', message: 'Wallet funding is not enabled' },
  invalidFundingData: { code: 'invalid_data', message: 'Invalid funding data' },
  addressNotOwned: {
    code: 'address_not_owned',
    message: 'Funding is only for your own wallets: this address is not one of them',
  },
  emailNotOwned: {
    code: 'email_not_owned',
    message: 'Funding is only for your own email address: this one is not linked to you',
  },
  tokenPriceUnsupported: { code: 'not_supported', message: tokenPriceFailure },
  tokenPriceUnavailable: { code: 'internal_error', message: tokenPriceFailure, status: 502 },
  coinbaseOnRampNotEnabled: { code: 'not_supported', message: 'Coinbase Onramp is not enabled for this app' },
  coinbaseApiKeyUnusable: { code: 'not_supported', message: 'The app’s Coinbase API key is not usable' },
  coinbaseApiKeyRefused: { code: 'not_supported', message: 'Coinbase Onramp refused the app’s API key' },
  coinbaseAddressesRefused: { code: 'invalid_data', message: 'Coinbase Onramp refused these addresses' },
  coinbaseUnavailable: {
    code: 'internal_error',
    message: ({ request }: { request: string }) => `Coinbase Onramp did not answer the ${request}`,
    status: 502,
  },
  notABlockchainAddress: {
    code: 'invalid_data',
    message: ({ blockchain, address }: { blockchain: string; address: string }) =>
      `Not a ${blockchain} address: ${address}`,
  },
  coinbaseSessionNotFound: {
    code: 'not_found',
    message: 'No Coinbase Onramp session with this partnerUserId',
  },
  // The operator console's guard (docs/console.md#access)
  notConsoleOperator: {
    code: 'not_console_operator',
    message: 'This account is not an operator of this console',
  },
  // The server API's app-secret authentication (docs/server-api.md)
  missingAppCredentials: {
    code: 'invalid_credentials',
    message: 'Send the app id and app secret by HTTP Basic authentication',
  },
  invalidAppSecret: { code: 'invalid_credentials', message: 'Invalid app ID or app secret' },
  consoleMfaEnrollmentRequired: {
    code: 'missing_or_invalid_mfa',
    message: 'Add a second factor to your account to use the console',
  },
} as const satisfies Record<string, ServerError>

/** A key of {@link serverErrors}. */
export type ServerErrorKey = keyof typeof serverErrors

/** The parameters of the message of `key`: an object for a message with variable parts, else `undefined`. */
export type ServerErrorParameters<Key extends ServerErrorKey> =
  (typeof serverErrors)[Key]['message'] extends (parameters: infer Parameters) => string
    ? Parameters
    : undefined

/**
 * The keys whose code is `Code` and whose message is fixed: what a function takes when its caller chooses
 * the error it throws (e.g. the 429 of a rate limit).
 */
export type FixedServerErrorKey<Code extends ErrorCode = ErrorCode> = {
  [Key in ServerErrorKey]: (typeof serverErrors)[Key] extends { code: Code; message: string } ? Key : never
}[ServerErrorKey]

/**
 * The English message of `key` with its `parameters`.
 *
 * @example serverErrorMessage('unknownOAuthProvider', { provider: 'myspace' }) // 'Unknown OAuth provider myspace'
 */
export function serverErrorMessage<Key extends ServerErrorKey>(
  key: Key,
  ...[parameters]: ServerErrorParameters<Key> extends undefined ? [] : [ServerErrorParameters<Key>]
): string {
  const message: ServerError['message'] = serverErrors[key].message
  return typeof message === 'string' ? message : (message as (parameters: unknown) => string)(parameters)
}

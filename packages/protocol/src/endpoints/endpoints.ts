/** The endpoint table: every call of the Foyer API with its method, path and schemas. */
import {
  farcasterTransferRequestSchema,
  oauthTransferRequestSchema,
  passwordlessTransferRequestSchema,
  siweTransferRequestSchema,
  siwsTransferRequestSchema,
  smsTransferRequestSchema,
  telegramTransferRequestSchema,
} from '../schemas/accountTransfer'
import { analyticsEventRequestSchema } from '../schemas/analytics'
import { appConfigSchema } from '../schemas/appConfig'
import { appPathParamsSchema, jwksResponseSchema } from '../schemas/apps'
import { authResponseSchema } from '../schemas/auth'
import {
  coinbaseOnRampInitRequestSchema,
  coinbaseOnRampInitResponseSchema,
  coinbaseOnRampStatusQuerySchema,
  coinbaseOnRampStatusResponseSchema,
} from '../schemas/coinbaseOnRamp'
import { successResponseSchema } from '../schemas/common'
import {
  crossAppAuthorizationCodeRequestSchema,
  crossAppAuthorizationCodeResponseSchema,
  crossAppConnectionsResponseSchema,
  crossAppDetailsResponseSchema,
  crossAppVerifyRequestSchema,
  crossAppVerifyResponseSchema,
} from '../schemas/crossApp'
import { customJwtAuthenticateRequestSchema, customJwtLinkRequestSchema } from '../schemas/customJwt'
import {
  delegatedActivityQuerySchema,
  delegatedActivityResponseSchema,
  delegateWalletsRequestSchema,
  delegateWalletsResponseSchema,
  delegationsQuerySchema,
  delegationsResponseSchema,
  revokeDelegationsRequestSchema,
  revokeDelegationsResponseSchema,
  walletIdParamsSchema,
  walletRpcRequestSchema,
  walletRpcResponseSchema,
} from '../schemas/delegatedActions'
import {
  farcasterAuthenticateRequestSchema,
  farcasterInitRequestSchema,
  farcasterInitResponseSchema,
  farcasterLinkRequestSchema,
  farcasterStatusResponseSchema,
  farcasterUnlinkRequestSchema,
} from '../schemas/farcaster'
import {
  farcasterSignerInitRequestSchema,
  farcasterSignerSchema,
  farcasterSignerStatusRequestSchema,
  farcasterSignerStatusSchema,
} from '../schemas/farcasterSigner'
import {
  forkSessionRequestSchema,
  forkSessionResponseSchema,
  recoverForkedSessionRequestSchema,
} from '../schemas/forkSession'
import {
  moonpaySignRequestSchema,
  moonpaySignResponseSchema,
  tokenPriceQuerySchema,
  tokenPriceResponseSchema,
} from '../schemas/funding'
import { paymasterRpcRequestSchema, paymasterRpcResponseSchema } from '../schemas/gasSponsorship'
import { guestAuthenticateRequestSchema } from '../schemas/guest'
import {
  icloudConfigurationRequestSchema,
  icloudConfigurationResponseSchema,
  icloudInitRequestSchema,
} from '../schemas/icloudRecovery'
import {
  mfaCodeRequestSchema,
  mfaPasskeyEnrollmentRequestSchema,
  mfaPasskeyInitRequestSchema,
  mfaPasskeyInitResponseSchema,
  mfaPasskeyVerifyRequestSchema,
  mfaSmsEnrollRequestSchema,
  mfaSmsInitRequestSchema,
  mfaTotpInitResponseSchema,
  mfaVerifyResponseSchema,
} from '../schemas/mfa'
import {
  oauthAuthenticateRequestSchema,
  oauthInitRequestSchema,
  oauthInitResponseSchema,
  oauthLinkRequestSchema,
  oauthLinkResponseSchema,
  oauthUnlinkRequestSchema,
  recoveryOAuthAuthenticateRequestSchema,
  recoveryOAuthAuthenticateResponseSchema,
  recoveryOAuthInitRequestSchema,
} from '../schemas/oauth'
import { optionalBody } from '../schemas/optionalBody'
import {
  passkeyAuthenticateInitRequestSchema,
  passkeyAuthenticateRequestSchema,
  passkeyCreationInitResponseSchema,
  passkeyLinkRequestSchema,
  passkeyRequestInitResponseSchema,
  passkeyUnlinkRequestSchema,
} from '../schemas/passkeys'
import {
  passwordlessAuthenticateRequestSchema,
  passwordlessInitRequestSchema,
  passwordlessLinkRequestSchema,
  passwordlessUnlinkRequestSchema,
  passwordlessUpdateRequestSchema,
} from '../schemas/passwordless'
import { logoutRequestSchema, refreshSessionRequestSchema } from '../schemas/sessions'
import {
  siweAuthenticateRequestSchema,
  siweInitRequestSchema,
  siweInitResponseSchema,
  siweLinkRequestSchema,
  siwsAuthenticateRequestSchema,
  siwsInitRequestSchema,
  siwsLinkRequestSchema,
} from '../schemas/siwe'
import { linkSmartWalletRequestSchema, publicSmartWalletConfigSchema } from '../schemas/smartWallet'
import {
  smsAuthenticateRequestSchema,
  smsInitRequestSchema,
  smsLinkRequestSchema,
  smsUnlinkRequestSchema,
  smsUpdateRequestSchema,
} from '../schemas/sms'
import {
  telegramAuthenticateRequestSchema,
  telegramLinkRequestSchema,
  telegramUnlinkRequestSchema,
} from '../schemas/telegram'
import { acceptTermsRequestSchema, userSchema, usersMeResponseSchema } from '../schemas/user'
import {
  deviceProofNonceResponseSchema,
  registerWalletDeviceRequestSchema,
  revokeWalletDeviceRequestSchema,
  walletDeviceResponseSchema,
  walletDevicesResponseSchema,
} from '../schemas/walletDevices'
import {
  authShareResponseSchema,
  createAdditionalEmbeddedWalletRequestSchema,
  createEmbeddedWalletRequestSchema,
  embeddedWalletResponseSchema,
  embeddedWalletsResponseSchema,
  entropyRefSchema,
  importEmbeddedWalletRequestSchema,
  recoveryMaterialSchema,
  setRecoveryRequestSchema,
  unlinkWalletRequestSchema,
} from '../schemas/wallets'
import { type Endpoint, post } from './Endpoint'

/**
 * Every call of the Foyer API (docs/wire.md), keyed `'<METHOD> <path>'`: the server
 * registers its routes with these schemas and the client's `request()` is typed by them, so the client
 * cannot send a body the server does not accept. Adding a call starts here.
 */
export const endpoints = {
  'GET /api/v1/apps/:appId': {
    method: 'GET',
    path: '/api/v1/apps/:appId',
    params: appPathParamsSchema,
    response: appConfigSchema,
  },
  'GET /api/v1/apps/:appId/smart_wallets': {
    method: 'GET',
    path: '/api/v1/apps/:appId/smart_wallets',
    params: appPathParamsSchema,
    response: publicSmartWalletConfigSchema,
  },
  'GET /api/v1/apps/:appId/jwks.json': {
    method: 'GET',
    path: '/api/v1/apps/:appId/jwks.json',
    params: appPathParamsSchema,
    response: jwksResponseSchema,
  },
  'POST /api/v1/analytics_events': post(
    '/api/v1/analytics_events',
    analyticsEventRequestSchema,
    successResponseSchema,
  ),

  'POST /api/v1/sessions': post(
    '/api/v1/sessions',
    optionalBody(refreshSessionRequestSchema),
    authResponseSchema,
  ),
  'POST /api/v1/sessions/logout': post(
    '/api/v1/sessions/logout',
    optionalBody(logoutRequestSchema),
    successResponseSchema,
  ),
  'POST /api/v1/sessions/fork': post(
    '/api/v1/sessions/fork',
    optionalBody(forkSessionRequestSchema.partial()),
    forkSessionResponseSchema,
  ),
  'POST /api/v1/sessions/fork/recover': post(
    '/api/v1/sessions/fork/recover',
    recoverForkedSessionRequestSchema,
    authResponseSchema,
  ),
  'GET /api/v1/users/me': { method: 'GET', path: '/api/v1/users/me', response: usersMeResponseSchema },
  'POST /api/v1/users/me/accept_terms': post(
    '/api/v1/users/me/accept_terms',
    optionalBody(acceptTermsRequestSchema),
    userSchema,
  ),

  'POST /api/v1/passwordless/init': post(
    '/api/v1/passwordless/init',
    passwordlessInitRequestSchema,
    successResponseSchema,
  ),
  'POST /api/v1/passwordless/authenticate': post(
    '/api/v1/passwordless/authenticate',
    passwordlessAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/passwordless/link': post(
    '/api/v1/passwordless/link',
    passwordlessLinkRequestSchema,
    userSchema,
  ),
  'POST /api/v1/passwordless/update': post(
    '/api/v1/passwordless/update',
    passwordlessUpdateRequestSchema,
    userSchema,
  ),
  'POST /api/v1/passwordless/unlink': post(
    '/api/v1/passwordless/unlink',
    passwordlessUnlinkRequestSchema,
    userSchema,
  ),

  'POST /api/v1/passwordless_sms/init': post(
    '/api/v1/passwordless_sms/init',
    smsInitRequestSchema,
    successResponseSchema,
  ),
  'POST /api/v1/passwordless_sms/authenticate': post(
    '/api/v1/passwordless_sms/authenticate',
    smsAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/passwordless_sms/link': post(
    '/api/v1/passwordless_sms/link',
    smsLinkRequestSchema,
    userSchema,
  ),
  'POST /api/v1/passwordless_sms/update': post(
    '/api/v1/passwordless_sms/update',
    smsUpdateRequestSchema,
    userSchema,
  ),
  'POST /api/v1/passwordless_sms/unlink': post(
    '/api/v1/passwordless_sms/unlink',
    smsUnlinkRequestSchema,
    userSchema,
  ),

  'POST /api/v1/passkeys/authenticate/init': post(
    '/api/v1/passkeys/authenticate/init',
    optionalBody(passkeyAuthenticateInitRequestSchema),
    passkeyRequestInitResponseSchema,
  ),
  'POST /api/v1/passkeys/authenticate': post(
    '/api/v1/passkeys/authenticate',
    passkeyAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/passkeys/link/init': {
    method: 'POST',
    path: '/api/v1/passkeys/link/init',
    response: passkeyCreationInitResponseSchema,
  },
  'POST /api/v1/passkeys/link': post('/api/v1/passkeys/link', passkeyLinkRequestSchema, userSchema),
  'POST /api/v1/passkeys/register/init': post(
    '/api/v1/passkeys/register/init',
    optionalBody(passkeyAuthenticateInitRequestSchema),
    passkeyCreationInitResponseSchema,
  ),
  'POST /api/v1/passkeys/register': post(
    '/api/v1/passkeys/register',
    passkeyLinkRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/passkeys/unlink': post('/api/v1/passkeys/unlink', passkeyUnlinkRequestSchema, userSchema),

  'POST /api/v1/siwe/init': post('/api/v1/siwe/init', siweInitRequestSchema, siweInitResponseSchema),
  'POST /api/v1/siwe/authenticate': post(
    '/api/v1/siwe/authenticate',
    siweAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/siwe/link': post('/api/v1/siwe/link', siweLinkRequestSchema, userSchema),
  'POST /api/v1/siwe/unlink': post('/api/v1/siwe/unlink', unlinkWalletRequestSchema, userSchema),
  'POST /api/v1/siwe/link_smart_wallet': post(
    '/api/v1/siwe/link_smart_wallet',
    linkSmartWalletRequestSchema,
    userSchema,
  ),
  'POST /api/v1/siws/init': post('/api/v1/siws/init', siwsInitRequestSchema, siweInitResponseSchema),
  'POST /api/v1/siws/authenticate': post(
    '/api/v1/siws/authenticate',
    siwsAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/siws/link': post('/api/v1/siws/link', siwsLinkRequestSchema, userSchema),
  'POST /api/v1/siws/unlink': post('/api/v1/siws/unlink', unlinkWalletRequestSchema, userSchema),

  'POST /api/v1/guest/authenticate': post(
    '/api/v1/guest/authenticate',
    guestAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/custom_jwt_account/authenticate': post(
    '/api/v1/custom_jwt_account/authenticate',
    customJwtAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/custom_jwt_account/link': post(
    '/api/v1/custom_jwt_account/link',
    customJwtLinkRequestSchema,
    userSchema,
  ),

  'POST /api/v1/oauth/init': post('/api/v1/oauth/init', oauthInitRequestSchema, oauthInitResponseSchema),
  'POST /api/v1/oauth/authenticate': post(
    '/api/v1/oauth/authenticate',
    oauthAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/oauth/link': post('/api/v1/oauth/link', oauthLinkRequestSchema, oauthLinkResponseSchema),
  'POST /api/v1/oauth/unlink': post('/api/v1/oauth/unlink', oauthUnlinkRequestSchema, userSchema),
  'POST /api/v1/recovery/oauth/init': post(
    '/api/v1/recovery/oauth/init',
    recoveryOAuthInitRequestSchema,
    oauthInitResponseSchema,
  ),
  'POST /api/v1/recovery/oauth/authenticate': post(
    '/api/v1/recovery/oauth/authenticate',
    recoveryOAuthAuthenticateRequestSchema,
    recoveryOAuthAuthenticateResponseSchema,
  ),
  'POST /api/v1/recovery/oauth/init_icloud': post(
    '/api/v1/recovery/oauth/init_icloud',
    icloudInitRequestSchema,
    oauthInitResponseSchema,
  ),
  'POST /api/v1/recovery/configuration_icloud': post(
    '/api/v1/recovery/configuration_icloud',
    icloudConfigurationRequestSchema,
    icloudConfigurationResponseSchema,
  ),

  'POST /api/v1/telegram/authenticate': post(
    '/api/v1/telegram/authenticate',
    telegramAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/telegram/link': post('/api/v1/telegram/link', telegramLinkRequestSchema, userSchema),
  'POST /api/v1/telegram/unlink': post('/api/v1/telegram/unlink', telegramUnlinkRequestSchema, userSchema),
  'POST /api/v1/farcaster/signer/init': post(
    '/api/v1/farcaster/signer/init',
    farcasterSignerInitRequestSchema,
    farcasterSignerSchema,
  ),
  'POST /api/v1/farcaster/signer/status': post(
    '/api/v1/farcaster/signer/status',
    farcasterSignerStatusRequestSchema,
    farcasterSignerStatusSchema,
  ),
  'POST /api/v1/farcaster/init': post(
    '/api/v1/farcaster/init',
    optionalBody(farcasterInitRequestSchema),
    farcasterInitResponseSchema,
  ),
  /** Takes the header `farcaster-channel-token` ({@link farcasterStatusHeadersSchema}). */
  'GET /api/v1/farcaster/status': {
    method: 'GET',
    path: '/api/v1/farcaster/status',
    response: farcasterStatusResponseSchema,
  },
  'POST /api/v1/farcaster/authenticate': post(
    '/api/v1/farcaster/authenticate',
    farcasterAuthenticateRequestSchema,
    authResponseSchema,
  ),
  'POST /api/v1/farcaster/link': post('/api/v1/farcaster/link', farcasterLinkRequestSchema, userSchema),
  'POST /api/v1/farcaster/unlink': post('/api/v1/farcaster/unlink', farcasterUnlinkRequestSchema, userSchema),
  // Account transfer on a link conflict (docs/limits.md, docs/api.md; docs/wire.md#account-transfer): answer
  // the user.
  'POST /api/v1/passwordless/transfer': post(
    '/api/v1/passwordless/transfer',
    passwordlessTransferRequestSchema,
    userSchema,
  ),
  'POST /api/v1/passwordless_sms/transfer': post(
    '/api/v1/passwordless_sms/transfer',
    smsTransferRequestSchema,
    userSchema,
  ),
  'POST /api/v1/siwe/transfer': post('/api/v1/siwe/transfer', siweTransferRequestSchema, userSchema),
  'POST /api/v1/siws/transfer': post('/api/v1/siws/transfer', siwsTransferRequestSchema, userSchema),
  'POST /api/v1/oauth/transfer': post('/api/v1/oauth/transfer', oauthTransferRequestSchema, userSchema),
  'POST /api/v1/farcaster/transfer': post(
    '/api/v1/farcaster/transfer',
    farcasterTransferRequestSchema,
    userSchema,
  ),
  'POST /api/v1/telegram/transfer': post(
    '/api/v1/telegram/transfer',
    telegramTransferRequestSchema,
    userSchema,
  ),
  // Funding (docs/api.md, docs/wire.md#funding).
  'GET /api/v1/token_price': {
    method: 'GET',
    path: '/api/v1/token_price',
    query: tokenPriceQuerySchema,
    response: tokenPriceResponseSchema,
  },
  'POST /api/v1/funding/coinbase_on_ramp/init': post(
    '/api/v1/funding/coinbase_on_ramp/init',
    coinbaseOnRampInitRequestSchema,
    coinbaseOnRampInitResponseSchema,
  ),
  'GET /api/v1/funding/coinbase_on_ramp/status': {
    method: 'GET',
    path: '/api/v1/funding/coinbase_on_ramp/status',
    query: coinbaseOnRampStatusQuerySchema,
    response: coinbaseOnRampStatusResponseSchema,
  },
  'POST /api/v1/plugins/moonpay_on_ramp/sign': post(
    '/api/v1/plugins/moonpay_on_ramp/sign',
    moonpaySignRequestSchema,
    moonpaySignResponseSchema,
  ),
  'GET /api/v1/apps/:appId/cross-app/details': {
    method: 'GET',
    path: '/api/v1/apps/:appId/cross-app/details',
    params: appPathParamsSchema,
    response: crossAppDetailsResponseSchema,
  },
  'GET /api/v1/apps/:appId/cross-app/connections': {
    method: 'GET',
    path: '/api/v1/apps/:appId/cross-app/connections',
    params: appPathParamsSchema,
    response: crossAppConnectionsResponseSchema,
  },
  'POST /oauth/authorization_code': post(
    '/oauth/authorization_code',
    crossAppAuthorizationCodeRequestSchema,
    crossAppAuthorizationCodeResponseSchema,
  ),
  'POST /oauth/verify': post('/oauth/verify', crossAppVerifyRequestSchema, crossAppVerifyResponseSchema),

  'GET /api/v1/embedded_wallets': {
    method: 'GET',
    path: '/api/v1/embedded_wallets',
    response: embeddedWalletsResponseSchema,
  },
  'POST /api/v1/embedded_wallets': post(
    '/api/v1/embedded_wallets',
    createEmbeddedWalletRequestSchema,
    embeddedWalletResponseSchema,
  ),
  'POST /api/v1/embedded_wallets/additional': post(
    '/api/v1/embedded_wallets/additional',
    createAdditionalEmbeddedWalletRequestSchema,
    embeddedWalletResponseSchema,
  ),
  'POST /api/v1/embedded_wallets/import': post(
    '/api/v1/embedded_wallets/import',
    importEmbeddedWalletRequestSchema,
    embeddedWalletResponseSchema,
  ),
  'POST /api/v1/embedded_wallets/auth_share': post(
    '/api/v1/embedded_wallets/auth_share',
    entropyRefSchema,
    authShareResponseSchema,
  ),
  'POST /api/v1/embedded_wallets/export': post(
    '/api/v1/embedded_wallets/export',
    entropyRefSchema,
    authShareResponseSchema,
  ),
  'POST /api/v1/embedded_wallets/recovery_material': post(
    '/api/v1/embedded_wallets/recovery_material',
    entropyRefSchema,
    recoveryMaterialSchema,
  ),
  'POST /api/v1/embedded_wallets/recovery': post(
    '/api/v1/embedded_wallets/recovery',
    setRecoveryRequestSchema,
    embeddedWalletResponseSchema,
  ),
  /** The wallet frame delegates wallets (docs/delegated-actions.md#consent). */
  'POST /api/v1/embedded_wallets/delegate': post(
    '/api/v1/embedded_wallets/delegate',
    delegateWalletsRequestSchema,
    delegateWalletsResponseSchema,
  ),
  /** The app's delegation terms and the user's delegated wallets (docs/delegated-actions.md#terms). */
  'GET /api/v1/embedded_wallets/delegations': {
    method: 'GET',
    path: '/api/v1/embedded_wallets/delegations',
    query: delegationsQuerySchema,
    response: delegationsResponseSchema,
  },
  /** The user's delegated requests to the app, newest first (docs/delegated-actions.md#activity). */
  'GET /api/v1/embedded_wallets/delegations/activity': {
    method: 'GET',
    path: '/api/v1/embedded_wallets/delegations/activity',
    query: delegatedActivityQuerySchema,
    response: delegatedActivityResponseSchema,
  },
  /** The app's verifying paymaster, ERC-7677 (docs/gas-sponsorship.md#the-paymaster-endpoint). */
  'POST /api/v1/gas_sponsorship/paymaster': post(
    '/api/v1/gas_sponsorship/paymaster',
    paymasterRpcRequestSchema,
    paymasterRpcResponseSchema,
  ),
  /** Removes every delegation of the user; the body is empty or `{}`. */
  'POST /api/v1/wallets/revoke': post(
    '/api/v1/wallets/revoke',
    optionalBody(revokeDelegationsRequestSchema),
    revokeDelegationsResponseSchema,
  ),
  /**
   * The app's back end acts with a delegated wallet (docs/delegated-actions.md#wallet-api): headers
   * `privy-app-id`, `privy-authorization-signature` and `privy-idempotency-key`.
   */
  'POST /api/v1/wallets/:wallet_id/rpc': {
    method: 'POST',
    path: '/api/v1/wallets/:wallet_id/rpc',
    params: walletIdParamsSchema,
    body: walletRpcRequestSchema,
    response: walletRpcResponseSchema,
  },
  'POST /api/v1/embedded_wallets/devices/nonce': {
    method: 'POST',
    path: '/api/v1/embedded_wallets/devices/nonce',
    response: deviceProofNonceResponseSchema,
  },
  /** Takes the new key's proof in the `DPoP` header. */
  'POST /api/v1/embedded_wallets/devices': post(
    '/api/v1/embedded_wallets/devices',
    registerWalletDeviceRequestSchema,
    walletDeviceResponseSchema,
  ),
  'GET /api/v1/embedded_wallets/devices': {
    method: 'GET',
    path: '/api/v1/embedded_wallets/devices',
    response: walletDevicesResponseSchema,
  },
  'POST /api/v1/embedded_wallets/devices/revoke': post(
    '/api/v1/embedded_wallets/devices/revoke',
    revokeWalletDeviceRequestSchema,
    successResponseSchema,
  ),

  'POST /api/v1/mfa/totp/init': {
    method: 'POST',
    path: '/api/v1/mfa/totp/init',
    response: mfaTotpInitResponseSchema,
  },
  'POST /api/v1/mfa/totp/enroll': post('/api/v1/mfa/totp/enroll', mfaCodeRequestSchema, userSchema),
  'POST /api/v1/mfa/totp/verify': post(
    '/api/v1/mfa/totp/verify',
    mfaCodeRequestSchema,
    mfaVerifyResponseSchema,
  ),
  'POST /api/v1/mfa/totp/unenroll': {
    method: 'POST',
    path: '/api/v1/mfa/totp/unenroll',
    response: successResponseSchema,
  },
  'POST /api/v1/mfa/passwordless_sms/init': post(
    '/api/v1/mfa/passwordless_sms/init',
    mfaSmsInitRequestSchema,
    successResponseSchema,
  ),
  'POST /api/v1/mfa/passwordless_sms/enroll': post(
    '/api/v1/mfa/passwordless_sms/enroll',
    mfaSmsEnrollRequestSchema,
    userSchema,
  ),
  'POST /api/v1/mfa/passwordless_sms/verify': post(
    '/api/v1/mfa/passwordless_sms/verify',
    mfaCodeRequestSchema,
    mfaVerifyResponseSchema,
  ),
  'POST /api/v1/mfa/passwordless_sms/unenroll': {
    method: 'POST',
    path: '/api/v1/mfa/passwordless_sms/unenroll',
    response: successResponseSchema,
  },
  'POST /api/v1/mfa/passkeys/init': post(
    '/api/v1/mfa/passkeys/init',
    optionalBody(mfaPasskeyInitRequestSchema),
    mfaPasskeyInitResponseSchema,
  ),
  'POST /api/v1/mfa/passkeys/verify': post(
    '/api/v1/mfa/passkeys/verify',
    mfaPasskeyVerifyRequestSchema,
    mfaVerifyResponseSchema,
  ),
  'POST /api/v1/mfa/passkeys/enrollment': post(
    '/api/v1/mfa/passkeys/enrollment',
    mfaPasskeyEnrollmentRequestSchema,
    userSchema,
  ),
} as const satisfies Record<string, Endpoint>

// `@foyer/server/testing`: local stand-ins of the outside services a Foyer server talks to (Turnstile,
// Coinbase Onramp, Twilio, the Relay bridge API, a passkey authenticator, a host's JWT issuer, the OAuth
// providers, Telegram's login widget, the Farcaster relay, Id Registry and user-data API, the WalletConnect
// relay and a scripted phone wallet, Phantom's universal links, the Google Drive API), for tests, the demo and benchmarks. docs/architecture.md:
// "Test stand-ins of outside services ship in a testing entry, never in the server's production entry": this
// entry lives beside the stand-ins, not under src/exports/ (the production entry), and the test beside it
// fails when a production module imports one. Keep the list sorted by path.

export {
  type BridgeStandIn,
  type BridgeStandInChain,
  type BridgeStandInRequest,
  type BridgeStandInStatus,
  type StartBridgeStandInOptions,
  startBridgeStandIn,
} from './bridge/bridgeStandIn'
export {
  DEMO_USDC,
  mintTestToken,
  placeTestToken,
  type TestToken,
  testTokenBalance,
  testTokenCode,
} from './bridge/testToken'
export {
  type StartTurnstileStandInOptions,
  startTurnstileStandIn,
  type TurnstileStandIn,
  turnstileTestKeys,
} from './captcha/turnstileStandIn'
export {
  type CloudKitStandIn,
  type CloudKitStandInContainer,
  type CloudKitUserRef,
  type StartCloudKitStandInOptions,
  startCloudKitStandIn,
} from './cloudKit/cloudKitStandIn'
export { ckSessionOf } from './cloudKit/signInPages'
export { type CdpApiKey, createCdpApiKey } from './coinbase/createCdpApiKey'
export {
  type CoinbaseOnrampStandIn,
  type StandInOnrampTransaction,
  type StandInTokenRequest,
  type StartCoinbaseOnrampStandInOptions,
  startCoinbaseOnrampStandIn,
} from './coinbase/startCoinbaseOnrampStandIn'
export {
  type CoinbaseWalletPopupStandIn,
  type CoinbaseWalletStandInDecision,
  type CoinbaseWalletStandInRequest,
  type StartCoinbaseWalletPopupStandInOptions,
  startCoinbaseWalletPopupStandIn,
} from './coinbaseWallet/coinbaseWalletPopupStandIn'
export {
  type CreateTestJwtIssuerParameters,
  createTestJwtIssuer,
} from './customJwt/createTestJwtIssuer'
export {
  anvilRpc,
  custodyWalletStandInCode,
  ID_REGISTRY_STAND_IN_ADDRESS,
  type IdRegistryStandIn,
  idRegistryStandInCode,
  placeCustodyWalletStandIn,
  placeIdRegistryStandIn,
} from './farcaster/idRegistryStandIn'
export {
  FARCASTER_CONNECT_BASE_URL,
  type FarcasterRelayStandIn,
  type RelayStandInChannel,
  type StartFarcasterRelayStandInOptions,
  startFarcasterRelayStandIn,
} from './farcaster/relayStandIn'
export {
  type SignedKeyRequestStandIn,
  type StandInSignedKeyRequest,
  type StartSignedKeyRequestStandInOptions,
  startSignedKeyRequestStandIn,
} from './farcaster/signedKeyRequestStandIn'
export {
  type FarcasterAppSimulator,
  startFarcasterAppSimulator,
} from './farcaster/startFarcasterAppSimulator'
export { type FarcasterStandIns, startFarcasterStandIns } from './farcaster/startFarcasterStandIns'
export {
  createFarcasterTestPhone,
  type FarcasterApprovalOverrides,
  type FarcasterTestAccount,
  type FarcasterTestPhone,
} from './farcaster/testPhone'
export {
  type FarcasterStandInProfile,
  type FarcasterUserDataStandIn,
  startFarcasterUserDataStandIn,
} from './farcaster/userDataStandIn'
export {
  type MoonpayStandIn,
  type MoonpayStandInPurchase,
  moonpayTestKeys,
  type StartMoonpayStandInOptions,
  startMoonpayStandIn,
} from './funding/moonpayStandIn'
export {
  type PriceSourceStandIn,
  type StartPriceSourceStandInOptions,
  startPriceSourceStandIn,
} from './funding/priceSourceStandIn'
export {
  type GoogleDriveStandIn,
  type GoogleDriveStandInFile,
  type StartGoogleDriveStandInOptions,
  startGoogleDriveStandIn,
} from './googleDrive/googleDriveStandIn'
export {
  type AuthorizeAtLocalIdentityProviderParameters,
  authorizeAtLocalIdentityProvider,
  type LocalAuthorizationReturn,
} from './localIdentityProvider/authorizeAtLocalIdentityProvider'
export {
  githubNumericId,
  type LocalIdentityProvider,
  type LocalIdentityProviderAppSettings,
  type LocalIdentityProviderClientParameters,
  type LocalIdentityProviderUser,
  type StartLocalIdentityProviderOptions,
  startLocalIdentityProvider,
} from './localIdentityProvider/startLocalIdentityProvider'
export { createSoftAuthenticator, type SoftCredential } from './passkeys/softAuthenticator'
export {
  createPhantomLinkStandIn,
  type PhantomLinkStandIn,
  type PhantomLinkStandInOptions,
  type PhantomStandInDecision,
  PhantomStandInError,
  startPhantomLinkStandIn,
} from './phantom/phantomLinkStandIn'
export {
  type StartTwilioStandInOptions,
  startTwilioStandIn,
  TWILIO_INVALID_TO,
  TWILIO_REGION_NOT_ENABLED,
  TWILIO_UNROUTABLE,
  type TwilioStandIn,
  type TwilioStandInFailure,
  type TwilioStandInRequest,
} from './sms/twilioStandIn'
export {
  type CreateTelegramInitDataParameters,
  createTelegramInitData,
  type SignTelegramLoginParameters,
  signTelegramLogin,
  type TelegramTestUser,
} from './telegram/signTelegramLogin'
export {
  defaultTelegramTestUser,
  type StartTelegramWidgetStandInOptions,
  startTelegramWidgetStandIn,
  type TelegramStandInBot,
  type TelegramWidgetStandIn,
} from './telegram/startTelegramWidgetStandIn'
export { type RelayAuthClaims, RelayAuthError, verifyRelayAuth } from './walletConnect/relayAuth'
export {
  type RelayStoredMessage,
  type StartWalletConnectRelayStandInOptions,
  startWalletConnectRelayStandIn,
  type WalletConnectRelayStandIn,
} from './walletConnect/walletConnectRelayStandIn'
export {
  type CreateWalletConnectTestPhoneParameters,
  createWalletConnectTestPhone,
  type TestPhoneRequest,
  type WalletConnectTestPhone,
} from './walletConnect/walletConnectTestPhone'

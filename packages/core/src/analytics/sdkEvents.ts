import { trackEvent } from '../actions/analytics/trackEvent'
import type { FoyerClient } from '../client/FoyerClient'

/**
 * The analytics events the SDK sends by itself (docs/api.md; docs/modal.md "Wallet creation … with analytics
 * events", docs/errors.md `sdk_fiat_on_ramp_started`), each with its payload (`clientTimestamp` is always
 * added):
 * - `sdk_initialize` `{}`: the app configuration loaded (`initialize`);
 * - `sdk_login_started` `{ method }`: a login began in the modal (`'email'`, `'sms'`, `'passkey'`, `'wallet'`,
 *   `'google'` …, `'telegram'`, `'farcaster'`, `'privy:<appId>'`);
 * - `sdk_login_completed` `{ method, isNewUser }` and `sdk_login_failed` `{ method, code }`: a sign-in call
 *   answered (every method, the modal's and the headless ones; `'guest'`, `'custom'` included);
 * - `sdk_embedded_wallet_created` `{ chainType, walletIndex }` and `sdk_embedded_wallet_creation_failed`
 *   `{ chainType, code }`;
 * - `sdk_fiat_on_ramp_started` `{ provider, value, chainType, chainId }`: the funding flow's hook point
 *   (docs/errors.md), sent by the funding screens through {@link trackSdkEvent} when an on-ramp (MoonPay's
 *   card widget, Coinbase Onramp) opens;
 * - `sdk_fiat_on_ramp_completed` `{ provider, value, chainType, chainId }`: the same on-ramp reported the
 *   purchase done and the screen shows "You've funded your account!" (docs/console.md#usage counts both).
 */
export const sdkEvents = {
  initialize: 'sdk_initialize',
  loginStarted: 'sdk_login_started',
  loginCompleted: 'sdk_login_completed',
  loginFailed: 'sdk_login_failed',
  walletCreated: 'sdk_embedded_wallet_created',
  walletCreationFailed: 'sdk_embedded_wallet_creation_failed',
  fiatOnRampStarted: 'sdk_fiat_on_ramp_started',
  fiatOnRampCompleted: 'sdk_fiat_on_ramp_completed',
} as const

/** One of {@link sdkEvents}. */
export type SdkEventName = (typeof sdkEvents)[keyof typeof sdkEvents]

/**
 * Sends one of the SDK's own events ({@link sdkEvents}) with `trackEvent`, without waiting and never
 * failing, unless the host turned analytics off (`createFoyerClient({ analytics: false })`, FoyerProvider
 * `config.analytics: false`).
 *
 * @example trackSdkEvent(client, sdkEvents.loginStarted, { method: 'email' })
 */
export function trackSdkEvent(
  client: FoyerClient,
  eventName: SdkEventName,
  payload: Record<string, unknown> = {},
): void {
  if (!client._internal.analytics) return
  void trackEvent(client, { eventName, payload })
}

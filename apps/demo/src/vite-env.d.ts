/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FOYER_API_URL?: string
  readonly VITE_ANVIL_RPC_URL?: string
  /** `'true'`: the anvil chain is an OP-stack rollup (L1 data fee from the GasPriceOracle predeploy). */
  readonly VITE_ANVIL_OP_STACK?: string
  /** The second local EVM chain (31338), for bridging. */
  readonly VITE_SECOND_ANVIL_RPC_URL?: string
  /** The bridge API (Relay's quote call): the local stand-in in the demo and e2e. */
  readonly VITE_BRIDGE_API_URL?: string
  readonly VITE_DEMO_USDC_ADDRESS?: `0x${string}`
  readonly VITE_SOLANA_RPC_URL?: string
  /** The Turnstile widget script (a local stand-in in the demo and e2e). */
  readonly VITE_TURNSTILE_SCRIPT_URL?: string
  /** Telegram's login widget script (a local stand-in in the demo and e2e). */
  readonly VITE_TELEGRAM_WIDGET_SCRIPT_URL?: string
  readonly VITE_WALLETCONNECT_RELAY_URL?: string
  /** The Telegram stand-in's origin: it hands a simulated mini app (`?telegramMiniApp=1`) its initData. */
  readonly VITE_TELEGRAM_STAND_IN_URL?: string
  /** The MoonPay stand-in's API base (funding by card; `npm run demo` sets it). */
  readonly VITE_MOONPAY_API_URL?: string
  /** A local chain with Base's chain id 8453 (exchange funding through the Coinbase Onramp stand-in). */
  readonly VITE_BASE_RPC_URL?: string
  /** The Coinbase Onramp stand-in's pay page (`npm run demo` sets it). */
  readonly VITE_COINBASE_PAY_URL?: string
  /** The Coinbase Wallet popup stand-in's page (`npm run demo`), for the SDK's `preference.keysUrl`. */
  readonly VITE_COINBASE_WALLET_KEYS_URL?: string
  /** The origin the iCloud sign-in posts its web auth token from (the CloudKit stand-in in the demo and e2e). */
  readonly VITE_CLOUDKIT_SIGN_IN_ORIGIN?: string
  /** The cross-app provider app whose 'Continue with …' entry the landing shows (`npm run demo` sets it). */
  readonly VITE_FOYER_CROSS_APP_PROVIDER_ID?: string
}

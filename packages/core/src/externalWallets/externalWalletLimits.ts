/** How many times Foyer asks a wallet for its accounts or its chain before giving up (docs/external-wallets.md). */
export const WALLET_QUERY_MAX_ATTEMPTS = 10

/** The wait between two such questions, in ms. */
export const WALLET_QUERY_INTERVAL_MS = 500

/**
 * How long the wallet list waits for wallets to announce themselves (EIP-6963, the wallet standard) before it
 * says none was found, in ms: the connectors' initialisation time-out (docs/external-wallets.md).
 */
export const CONNECTOR_INITIALIZATION_TIMEOUT_MS = 1_500

/** How often a WalletConnect request on a phone checks whether to open the wallet app, in ms (docs/walletconnect.md). */
export const WALLET_CONNECT_REDIRECT_CHECK_MS = 500

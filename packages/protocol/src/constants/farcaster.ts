/**
 * The request header that carries a Farcaster channel token to `GET /api/v1/farcaster/status`
 * (docs/api.md, docs/wire.md#farcaster).
 */
export const FARCASTER_CHANNEL_TOKEN_HEADER = 'farcaster-channel-token'
/** How often the awaiting-Farcaster screen polls the channel's status, in ms (docs/limits.md). */
export const FARCASTER_POLL_INTERVAL_MS = 2000
/** How long the awaiting-Farcaster screen waits for the user's approval, in ms (docs/limits.md). */
export const FARCASTER_TIMEOUT_MS = 120_000
/**
 * Lifetime of a Farcaster sign-in channel and of its server-issued nonce, in seconds (docs/security.md
 * property 38: ≤ 10 min).
 */
export const FARCASTER_NONCE_TTL_SECONDS = 600
/** Longest Sign In With Farcaster message accepted, in characters (docs/security.md property 41). */
export const FARCASTER_MESSAGE_MAX_LENGTH = 4096

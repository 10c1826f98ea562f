/**
 * How long the 'Add a signer to Farcaster' screen polls the signer's status, in ms (docs/limits.md,
 * docs/modal.md: 300 s).
 */
export const FARCASTER_SIGNER_TIMEOUT_MS = 300_000

/** Interval between two signer status polls, in ms (the Farcaster poll of docs/limits.md: 2 s). */
export const FARCASTER_SIGNER_POLL_INTERVAL_MS = 2_000

/**
 * Default life of a signed key request when the frame names no `deadline`, in seconds (24 h, the Farcaster
 * client's recommendation for `SignedKeyRequest.deadline`).
 */
export const FARCASTER_SIGNER_DEFAULT_DEADLINE_SECONDS = 24 * 3600

/** Longest accepted life of a signed key request (`deadline` − now), in seconds (7 days). */
export const FARCASTER_SIGNER_MAX_DEADLINE_SECONDS = 7 * 24 * 3600

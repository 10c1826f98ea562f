/** The lifetime of the Turnstile stand-in's tokens, shared by its server and its client script. */

/** Lifetime of an issued token, in ms (Turnstile: 300 s). */
export const TOKEN_TTL_MS = 300_000

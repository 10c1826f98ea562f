/** Version of `@foyer/core`, kept in step with package.json. */
export const version = '0.1.0'

/** Value of the `privy-client` header: `<package>:<version>` (docs/api.md). */
export const clientHeaderValue = `@foyer/core:${version}`

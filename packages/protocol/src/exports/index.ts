/** `@foyer/protocol`: the wire contract shared by the server, the clients and the wallet frame. */

export * from './accountSchemas'
export * from './constants'
export * from './frameSchemas'
export * from './helpers'
export * from './walletSchemas'

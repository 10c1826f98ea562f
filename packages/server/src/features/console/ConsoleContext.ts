import type { ServerContext } from '../../ServerContext'

/** The console's settings, resolved from `operatorConsole({ operators })` when its routes are registered. */
export type ConsoleSettings = {
  /** The operators' email addresses, lower-cased (docs/console.md#access). */
  operators: ReadonlySet<string>
  /** Where the built console page is (`dist/console` of the package by default). */
  pageDir: string
}

/**
 * The server context the console's routes get: the {@link ServerContext} with the console's settings
 * (docs/plugins.md: a plugin with settings of its own extends the context of its routes).
 */
export type ConsoleContext = ServerContext & { console: ConsoleSettings }

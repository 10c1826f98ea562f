import type { FastifyBaseLogger } from 'fastify'
import type { FoyerDatabase } from '../db/FoyerDatabase'
import type { AppStore } from '../features/apps/service'
import type { DevMailbox } from '../features/mail/devMailbox'
import type { Mailer } from '../features/mail/mailer'

/** What every feature's routes and services share within one `createApp` instance (no module singletons). */
export type ServerContext = {
  db: FoyerDatabase
  masterKey: Uint8Array
  env: 'development' | 'production' | 'test'
  /** Current time in ms since epoch (injectable for tests). */
  now: () => number
  issuer: string
  accessTokenTtlSeconds: number
  apps: AppStore
  mailer: Mailer
  /** Present when env !== 'production'. */
  mailbox: DevMailbox | null
  log: FastifyBaseLogger
}

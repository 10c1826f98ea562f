import type { PGlite, Transaction } from '@electric-sql/pglite'
import pg from 'pg'
import type { FoyerDatabase } from '../db/FoyerDatabase'

/** A running count of the SQL statements sent to a database, from {@link countStatements}. */
export type StatementCounter = {
  /** The statements sent since the counter started (or was reset), oldest first: their SQL text. */
  readonly statements: string[]
  /** Forgets the statements counted so far. */
  reset(): void
  /** Stops counting; the database is as before. */
  stop(): void
}

function textOf(query: unknown): string {
  if (typeof query === 'string') return query
  if (query && typeof query === 'object' && 'text' in query) return String(query.text)
  return String(query)
}

/**
 * Counts every SQL statement `db` runs from now on, each round trip to the database as one: on PGlite
 * each `query`/`exec`, and a transaction's `BEGIN`, its statements and its `COMMIT`/`ROLLBACK`; on
 * PostgreSQL each `query` of a node-postgres client (pooled queries, prepared statements and transactions
 * alike; every `pg.Client` of the process counts while the counter runs). For tests: statement counts, never
 * times.
 */
export function countStatements(db: FoyerDatabase): StatementCounter {
  const statements: string[] = []
  const counter: StatementCounter = {
    statements,
    reset() {
      statements.length = 0
    },
    stop() {},
  }
  if (db.kind === 'postgres') {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
    const original = prototype.query
    prototype.query = function (this: unknown, ...args: unknown[]) {
      statements.push(textOf(args[0]))
      return original.apply(this, args)
    }
    counter.stop = () => {
      prototype.query = original
    }
    return counter
  }
  const client = db.driver.$client
  const original = { query: client.query, exec: client.exec, transaction: client.transaction }
  client.query = ((...args: Parameters<PGlite['query']>) => {
    statements.push(textOf(args[0]))
    return original.query.apply(client, args)
  }) as PGlite['query']
  client.exec = (...args: Parameters<PGlite['exec']>) => {
    statements.push(textOf(args[0]))
    return original.exec.apply(client, args)
  }
  client.transaction = <Result>(callback: (tx: Transaction) => Promise<Result>) => {
    statements.push('BEGIN')
    return original.transaction.call(client, async (tx: Transaction) => {
      const counted = Object.create(tx) as Transaction
      counted.query = ((...args: Parameters<Transaction['query']>) => {
        statements.push(textOf(args[0]))
        return tx.query(...args)
      }) as Transaction['query']
      counted.exec = (...args: Parameters<Transaction['exec']>) => {
        statements.push(textOf(args[0]))
        return tx.exec(...args)
      }
      try {
        const result = await callback(counted)
        statements.push('COMMIT')
        return result
      } catch (error) {
        statements.push('ROLLBACK')
        throw error
      }
    }) as Promise<Result>
  }
  counter.stop = () => {
    client.query = original.query
    client.exec = original.exec
    client.transaction = original.transaction
  }
  return counter
}

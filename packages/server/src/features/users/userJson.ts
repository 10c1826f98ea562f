/**
 * The user as the wire returns it: one SQL sub-query that reads a user with its linked accounts, embedded
 * wallets and second factors as JSON ({@link userJsonSql}), and its mapping to the wire `User`.
 */
import {
  type ChainType,
  type EmbeddedWalletAccount,
  type RecoveryMethod,
  toUserDid,
  type User,
} from '@foyer/protocol'
import { type SQL, sql } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import { walletDelegations } from '../delegatedActions/schema'
import { mfaMethods } from '../mfa/schema'
import { embeddedWallets, walletEntropies } from '../wallets/schema'
import type { AccountKinds, StoredAccount } from './AccountKind'
import { linkedAccounts, users } from './schema'
import type { UsersContext } from './UsersContext'

/** An embedded wallet as {@link userJsonSql} reads it (docs/wire.md; times as for accounts). */
type EmbeddedWalletJson = {
  /** The wallet's row id: the wallet API's `wallet_id` (docs/delegated-actions.md#wallet-api). */
  id: string
  address: string
  chain_type: string
  wallet_index: number
  recovery_method: string
  imported: boolean
  /** Whether a delegation of the wallet to the app exists (docs/delegated-actions.md). */
  delegated?: boolean
  created_s: number
  created_ms: number
}

/** What {@link userJsonSql} yields: the user row and its linked accounts, oldest first. */
export type UserJsonRow = {
  id: string
  created_s: number
  has_accepted_terms: boolean
  is_guest: boolean
  accounts: StoredAccount[]
  wallets: EmbeddedWalletJson[]
  /** Enrolled second factors, oldest first. */
  mfa?: Array<{ type: 'sms' | 'totp' | 'passkey'; verified_s: number }>
}

/**
 * SQL scalar sub-query: the user whose id is `userId` (an SQL expression, so a statement can embed it, as
 * the refresh does) with its linked accounts, as one JSON value ({@link UserJsonRow}); NULL when there is
 * no such user. Map it with {@link toUserJson}.
 */
export function userJsonSql(userId: SQL): SQL {
  return sql`(
    select json_build_object(
      'id', u.id,
      'created_s', floor(extract(epoch from u.created_at)),
      'has_accepted_terms', u.has_accepted_terms,
      'is_guest', u.is_guest,
      'accounts', coalesce((
        select json_agg(json_build_object(
          'type', la.type,
          'subject', la.subject,
          'verified_s', floor(extract(epoch from la.verified_at)),
          'first_verified_s', floor(extract(epoch from la.first_verified_at)),
          'latest_verified_s', floor(extract(epoch from la.latest_verified_at)),
          'created_ms', floor(extract(epoch from la.created_at) * 1000),
          'details', la.details
        ) order by la.created_at, la.id)
        from ${linkedAccounts} la where la.user_id = u.id
      ), '[]'::json),
      'wallets', coalesce((
        select json_agg(json_build_object(
          'id', w.id,
          'address', w.address,
          'chain_type', w.chain_type,
          'wallet_index', w.wallet_index,
          'recovery_method', e.recovery_method,
          'imported', e.imported,
          'delegated', exists(select 1 from ${walletDelegations} d where d.wallet_id = w.id),
          'created_s', floor(extract(epoch from w.created_at)),
          'created_ms', floor(extract(epoch from w.created_at) * 1000)
        ) order by w.created_at, w.chain_type, w.wallet_index)
        from ${embeddedWallets} w join ${walletEntropies} e on e.id = w.entropy_row_id
        where w.user_id = u.id
      ), '[]'::json),
      'mfa', coalesce((
        select json_agg(json_build_object(
          'type', m.type,
          'verified_s', floor(extract(epoch from m.verified_at))
        ) order by m.created_at, m.type)
        from ${mfaMethods} m where m.user_id = u.id
      ), '[]'::json)
    )
    from ${users} u where u.id = ${userId}
  )`
}

/** An embedded wallet as a linked account (docs/linked-accounts.md#account-shapes). */
function toWalletAccount(row: EmbeddedWalletJson): EmbeddedWalletAccount {
  const at = Number(row.created_s)
  return {
    type: 'wallet',
    id: row.id,
    address: row.address,
    chain_type: row.chain_type as ChainType,
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    recovery_method: row.recovery_method as RecoveryMethod,
    wallet_index: row.wallet_index,
    imported: row.imported,
    delegated: row.delegated === true,
    verified_at: at,
    first_verified_at: at,
    latest_verified_at: at,
  }
}

/**
 * The wire user (docs/api.md) of a {@link userJsonSql} value: `{ id: 'did:foyer:<id>',
 * created_at (s), linked_accounts (accounts and embedded wallets, oldest first), mfa_methods,
 * has_accepted_terms, is_guest }`. Each account is mapped by its kind in `accountKinds`.
 */
export function toUserJson(accountKinds: AccountKinds, row: UserJsonRow): User {
  const accounts = row.accounts.flatMap((account) => {
    // A row of a type no sign-in method owns, or one its kind cannot show, is left out.
    const linked = accountKinds.get(account.type)?.toLinkedAccount(account)
    return linked ? [{ account: linked, createdMs: Number(account.created_ms) }] : []
  })
  const wallets = row.wallets.map((wallet) => ({
    account: toWalletAccount(wallet),
    createdMs: Number(wallet.created_ms),
  }))
  // Oldest first; embedded wallets after accounts of the same instant (stable sort).
  const ordered = [...accounts, ...wallets].sort((a, b) => a.createdMs - b.createdMs)
  return {
    id: toUserDid(row.id),
    created_at: Number(row.created_s),
    linked_accounts: ordered.map((entry) => entry.account),
    mfa_methods: (row.mfa ?? []).map((method) => ({
      type: method.type,
      verified_at: Number(method.verified_s),
    })),
    has_accepted_terms: row.has_accepted_terms,
    is_guest: row.is_guest,
  }
}

/** The user `userId` as the wire returns it (see {@link toUserJson}), in one query; null when absent. */
export async function getUserJson(context: UsersContext, userId: string): Promise<User | null> {
  const result = (await context.db.orm.execute(
    sql`select ${userJsonSql(sql`${userId}`)} as user_json`,
  )) as unknown as {
    rows: Array<{ user_json: UserJsonRow | null }>
  }
  const row = result.rows[0]?.user_json
  return row ? toUserJson(context.accountKinds, row) : null
}

/**
 * The user `userId` as the wire returns it, for routes behind a live session: throws 401
 * `missing_or_invalid_token` when the user is gone (deleted meanwhile).
 */
export async function requireUserJson(context: UsersContext, userId: string): Promise<User> {
  const user = await getUserJson(context, userId)
  if (!user) throw foyerError('invalidToken')
  return user
}

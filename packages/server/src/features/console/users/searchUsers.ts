/** The operator console's user search (docs/console.md#users): by identifier, through indexes, paged. */
import type { LinkedAccount, User } from '@foyer/protocol'
import type { ConsoleUserSearchPage, ConsoleUserSummary } from '@foyer/protocol/console'
import { type SQL, sql } from 'drizzle-orm'
import type { ServerContext } from '../../../ServerContext'
import { linkedAccounts, users } from '../../users/schema'
import { toUserJson, type UserJsonRow, userJsonSql } from '../../users/service'
import { embeddedWallets } from '../../wallets/schema'

/** A search: `query` (trimmed; empty lists the users of `appId`), at most `limit` users after `cursor`. */
export type UserSearch = {
  query?: string | undefined
  appId?: string | undefined
  limit: number
  /** The `next_cursor` of the previous page: `<created_at ms>_<user id>`. */
  cursor?: string | undefined
}

/** What a query may name: the linked-account subjects, the user ids and the wallet address it stands for. */
type SearchTerms = { subjects: string[]; userIds: string[]; address: string | null }

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const DID = /^did:[a-z]+:([a-z0-9]{25})$/
const USER_ID = /^[a-z0-9]{25}$/
const PHONE = /^\+?[\d\s().-]{6,20}$/

/**
 * The stored forms `query` may match (docs/console.md#users): itself (an OAuth subject, a Solana address, a
 * Telegram id… are stored as given); lower-cased when it is an email address or an Ethereum address (their
 * subjects are lower-cased); `+<digits>` when it reads as a phone number (subjects are E.164); the user id
 * of a DID. The wallet address is matched case-insensitively, then exactly unless the wallet is Ethereum's.
 */
export function searchTermsOf(query: string): SearchTerms {
  const subjects = new Set([query])
  const userIds = new Set<string>()
  if (query.includes('@') || ETHEREUM_ADDRESS.test(query)) subjects.add(query.toLowerCase())
  if (PHONE.test(query)) {
    const digits = query.replace(/\D/g, '')
    if (digits.length >= 6 && digits.length <= 15) subjects.add(`+${digits}`)
  }
  const did = DID.exec(query)
  if (did?.[1]) userIds.add(did[1])
  if (USER_ID.test(query)) userIds.add(query)
  return { subjects: [...subjects], userIds: [...userIds], address: query.includes('@') ? null : query }
}

/** The cursor of a page's last user: `<created_at ms>_<id>`. */
function cursorOf(row: { created_ms: number; id: string }): string {
  return `${Math.trunc(Number(row.created_ms))}_${row.id}`
}

/** The identifiers of a wire linked account an operator recognises (address, number, email, username…). */
function identifierOf(account: LinkedAccount): string | null {
  const fields = account as Record<string, unknown>
  for (const field of ['address', 'number', 'email', 'username', 'subject', 'fid']) {
    const value = fields[field]
    if (typeof value === 'string' && value !== '') return value
    if (typeof value === 'number') return `${field} ${value}`
  }
  return null
}

/** A search result of a wire user: its DID, row id, app, creation time, guest flag and identifiers. */
export function toUserSummary(user: User, appId: string): ConsoleUserSummary {
  const identifiers = user.linked_accounts.flatMap((account) => {
    const identifier = identifierOf(account)
    return identifier ? [identifier] : []
  })
  return {
    id: user.id,
    user_id: user.id.split(':').at(-1) ?? user.id,
    app_id: appId,
    created_at: user.created_at,
    is_guest: user.is_guest === true,
    identifiers: [...new Set(identifiers)],
  }
}

/**
 * The statement of {@link searchUsers}: the users matching `search` with their wire JSON, newest first, one
 * more than `limit` (to tell whether a next page exists). Each match goes through an index:
 * `linked_accounts_subject_idx` for subjects, `linked_accounts_details_email_idx` for OAuth accounts' emails,
 * the primary key for user ids, `embedded_wallets_lower_address_idx`
 * for wallet addresses; the app filter and the keyset cursor apply to those few rows. Without a query it
 * lists the users of `appId` (`users_app_id_idx`).
 */
export function searchUsersSql(search: UserSearch): SQL {
  const query = search.query?.trim() ?? ''
  const conditions: SQL[] = []
  if (query !== '') {
    const terms = searchTermsOf(query)
    const matches: SQL[] = [
      sql`select la.user_id from ${linkedAccounts} la where la.subject in (${sql.join(
        terms.subjects.map((subject) => sql`${subject}`),
        sql`, `,
      )})`,
    ]
    // An OAuth account's email (Google, GitHub…) is in its details (`linked_accounts_details_email_idx`).
    if (query.includes('@'))
      matches.push(sql`select la2.user_id from ${linkedAccounts} la2
        where lower(la2.details->>'email') = ${query.toLowerCase()}`)
    if (terms.userIds.length > 0)
      matches.push(
        sql`select u2.id from ${users} u2 where u2.id in (${sql.join(
          terms.userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    if (terms.address !== null)
      matches.push(sql`select w.user_id from ${embeddedWallets} w
        where lower(w.address) = ${terms.address.toLowerCase()}
          and (w.chain_type = 'ethereum' or w.address = ${terms.address})`)
    conditions.push(sql`found.id in (${sql.join(matches, sql` union `)})`)
  }
  if (search.appId) conditions.push(sql`found.app_id = ${search.appId}`)
  if (search.cursor) {
    const [ms, id] = search.cursor.split('_')
    conditions.push(
      sql`(found.created_at, found.id) < (to_timestamp(${Number(ms)}::float8 / 1000), ${id ?? ''}::varchar)`,
    )
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
  return sql`
    select found.id, found.app_id, floor(extract(epoch from found.created_at) * 1000)::float8 as created_ms,
      ${userJsonSql(sql`found.id`)} as user_json
    from ${users} found ${where}
    order by found.created_at desc, found.id desc
    limit ${search.limit + 1}`
}

/**
 * The users matching `search` (docs/console.md#users), newest first (creation time, then id), `limit` per
 * page, through indexes ({@link searchUsersSql}). Returns the page and the cursor of the next one (null on
 * the last page).
 */
export async function searchUsers(
  context: ServerContext,
  search: UserSearch,
): Promise<ConsoleUserSearchPage> {
  const result = (await context.db.orm.execute(searchUsersSql(search))) as unknown as {
    rows: Array<{ id: string; app_id: string; created_ms: number; user_json: UserJsonRow }>
  }
  const rows = result.rows.slice(0, search.limit)
  const last = rows.at(-1)
  return {
    users: rows.map((row) => toUserSummary(toUserJson(context.accountKinds, row.user_json), row.app_id)),
    next_cursor: result.rows.length > search.limit && last ? cursorOf(last) : null,
  }
}

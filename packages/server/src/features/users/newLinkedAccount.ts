/** The row of a linked account proven just now, and the error of an account another user holds. */
import { randomId } from '../../crypto/randomId'
import type { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import type { AccountType } from './AccountKind'
import type { linkedAccounts } from './schema'

/**
 * The `linked_accounts` row of the account (type, subject) of `userId` in `appId`, proven at `now`: a fresh
 * 25-character id, and every verification time and the creation time set to `now`.
 */
export function newLinkedAccount(parameters: {
  appId: string
  userId: string
  type: AccountType
  subject: string
  details: Record<string, unknown>
  now: Date
}): typeof linkedAccounts.$inferInsert {
  const { now, ...account } = parameters
  return {
    id: randomId(25),
    ...account,
    verifiedAt: now,
    firstVerifiedAt: now,
    latestVerifiedAt: now,
    createdAt: now,
  }
}

/** 400 `linked_to_another_user`: the account is another user's (UNIQUE (app_id, type, subject)). */
export function linkedToAnotherUser(): FoyerHttpError {
  return foyerError('linkedToAnotherUser')
}

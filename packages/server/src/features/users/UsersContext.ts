import type { FoyerDatabase } from '../../db/FoyerDatabase'
import type { AccountKinds } from './AccountKind'

/**
 * What the users, sessions and account-transfer features read of the server context (`ServerContext` has
 * both): the database, and the account kinds of the app's sign-in methods ({@link AccountKinds}), which
 * map stored accounts to the wire and hold the link and allow-list rules.
 */
export type UsersContext = { db: FoyerDatabase; accountKinds: AccountKinds }

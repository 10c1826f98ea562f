import type { ConsolePageProps } from '../ConsolePage'
import { UserPage } from './UserPage'
import { UserSearchPage } from './UserSearchPage'

/**
 * The console's Users area (docs/console.md#users): `#/users` is the search, `#/users/<user id>` a user's
 * page.
 */
export function UsersPage({ params }: ConsolePageProps) {
  const userId = params[0]
  return userId ? <UserPage key={userId} userId={userId} /> : <UserSearchPage />
}

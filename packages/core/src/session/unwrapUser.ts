import type { User } from '@foyer/protocol'

/**
 * The user of an answer that is either the user itself or `{ user }` (account update/unlink calls).
 * @internal
 */
export function unwrapUser(answer: User | { user: User }): User {
  return 'user' in answer && typeof answer.user === 'object' && answer.user !== null
    ? answer.user
    : (answer as User)
}

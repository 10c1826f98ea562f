import { userSchema } from '@foyer/protocol'

/**
 * The `type`s of the linked accounts of the user a response's body holds (a wire user, `userSchema`),
 * sorted, so that accounts linked at the same instant compare as a set (`['email', 'telegram']`).
 * Throws a `ZodError` when the body is not a user.
 */
export function linkedAccountTypes(response: { json(): unknown }): string[] {
  return userSchema
    .parse(response.json())
    .linked_accounts.map((account) => account.type)
    .sort()
}

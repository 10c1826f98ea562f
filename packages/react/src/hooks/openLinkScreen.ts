import type { FoyerClient } from '@foyer/core'
import type { User } from '@foyer/protocol'
import type { FoyerContextValue } from '../FoyerProvider/FoyerContext'
import type { PromptSettler } from '../modal/prompts/PromptSettler'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'
import type { LinkAccountParams } from '../screens/link/LinkAccount/params'

/**
 * Opens the modal's link mode on a link screen (internal; docs/modal.md "Link email, link phone, update
 * phone"). Linking requires an authenticated user (docs/limits.md, docs/api.md).
 *
 * @returns the updated user once the code screen linked
 * @throws Error 'User must be authenticated before linking an account.' when nobody is signed in
 * @throws UserRejectedRequestError (`'user_rejected'`) when the user closes the modal
 */
export function openLinkScreen(
  client: FoyerClient,
  openFlow: FoyerContextValue['openFlow'],
  screen: Omit<LinkAccountParams, 'settle'>,
): Promise<User> {
  return openLinkFlow(client, openFlow, (settle) => ({ id: 'linkAccount', params: { ...screen, settle } }))
}

/**
 * Opens the modal on the route a link starts on (internal), once a user is signed in (linking requires an
 * authenticated user, docs/limits.md): `route` receives the flow's settler, which the screen resolves with
 * the updated user.
 *
 * @returns the updated user once the screen linked
 * @throws Error 'User must be authenticated before linking an account.' when nobody is signed in
 * @throws UserRejectedRequestError (`'user_rejected'`) when the user closes the modal
 */
export function openLinkFlow(
  client: FoyerClient,
  openFlow: FoyerContextValue['openFlow'],
  route: (settle: PromptSettler<User>) => Route<ScreenParamsMap>,
): Promise<User> {
  if (!client.getState().user)
    return Promise.reject(new Error('User must be authenticated before linking an account.'))
  return openFlow<User>(route)
}

/** The update screen of each updatable account type: its screen kind and the refusal when none is linked. */
const updateScreens = {
  email: { kind: 'updateEmail', missing: 'User must have an email address linked to update it.' },
  phone: { kind: 'updatePhone', missing: 'User must have a phone number linked to update it.' },
} as const

/**
 * Opens the modal on the update screen for the signed-in user's linked `email` or `phone` account (internal;
 * docs/modal.md "Update email", "Update phone"), naming the address or number it replaces.
 *
 * @returns the updated user once the code screen updated the account
 * @throws Error 'User must have an email address linked to update it.' / 'User must have a phone number
 *   linked to update it.' when the signed-in user has no linked account of `type`
 * @throws Error 'User must be authenticated before linking an account.' when nobody is signed in
 */
export function openUpdateScreen(
  client: FoyerClient,
  openFlow: FoyerContextValue['openFlow'],
  type: keyof typeof updateScreens,
): Promise<User> {
  const { kind, missing } = updateScreens[type]
  const user = client.getState().user
  const account = user?.linked_accounts.find((linked) => linked.type === type)
  if (user && !account) return Promise.reject(new Error(missing))
  return openLinkScreen(client, openFlow, {
    kind,
    oldAddress: account?.type === 'email' ? account.address : undefined,
    oldPhoneNumber: account?.type === 'phone' ? account.number : undefined,
  })
}

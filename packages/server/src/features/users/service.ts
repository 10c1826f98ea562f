/**
 * The users feature's services, gathered for the sign-in methods and features that use them: the wire
 * user, the terms, the access control, sign-in and sign-up by account, link, unlink and replace.
 */
export { isAllowListed } from './accessControl'
export {
  finishGuestUpgrade,
  linkAccountToUser,
  linkEmailToUser,
  lockUserForLink,
} from './linkAccount'
export { replaceAccountSubject } from './replaceAccountSubject'
export {
  type SignInWithAccountParameters,
  type SignInWithEmailParameters,
  signInWithAccount,
  signInWithEmail,
  signUpWithNewAccount,
} from './signIn'
export type { Transaction } from './Transaction'
export { acceptTerms, assertTermsAccepted } from './terms'
export type { UsersContext } from './UsersContext'
export { unlinkAccount } from './unlinkAccount'
export { getUserJson, requireUserJson, toUserJson, type UserJsonRow, userJsonSql } from './userJson'

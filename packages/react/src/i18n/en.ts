/**
 * English copy of every user-facing string, keyed by screen (STYLE.md §10). `{var}` placeholders are
 * filled by {@link formatMessage}. Texts follow spec 01 §2, §5 and §8 in neutral wording (the product is
 * "Foyer").
 */
export const en = {
  modal: {
    close: 'Close',
    back: 'Back',
    loading: 'Loading',
    protectedBy: 'Protected by Foyer',
    logoAlt: '{app} logo',
    thisApp: 'this app',
  },
  landing: {
    header: 'Log in or sign up',
    emailLabel: 'Email address',
    emailPlaceholder: 'your@email.com',
    submit: 'Submit',
    sending: 'Sending code',
    plusEmailError: "Please enter a valid email address without a '+'.",
  },
  awaitingCode: {
    title: 'Enter confirmation code',
    sentTo: 'Please check {email} for an email and enter your code below.',
    codeLabel: 'Confirmation code',
    digitLabel: 'Digit {n} of {total}',
    numericError: 'Code should be numeric',
    invalidCode: 'Invalid or expired verification code',
    genericError: 'Issue verifying code',
    verifying: 'Verifying code',
    didntGet: "Didn't get an email?",
    resend: 'Resend code',
    codeSent: 'Code sent',
  },
  error: {
    somethingWentWrong: 'Something went wrong',
    tryAgainLater: 'Try again later',
    tryAgain: 'Try again',
    pleaseTryAgain: 'Please try again.',
    timedOut: 'The request timed out.',
    notAllowed: 'Not allowed',
    tryAnotherMethod: 'Try another method',
    allowlistTitle: "You don't have access to this app",
    allowlistDetail: 'Have you been invited?',
    allowlistButton: 'Try another account',
    authenticationFailed: 'Authentication failed',
    linkedToAnotherUser: 'This account has already been linked to another user.',
    requestFailed: 'Request failed',
    tooManyAttempts: 'Too many attempts.',
    networkError: 'Check your connection and try again.',
  },
  accountNotFound: {
    title: 'Account not found',
    detail: 'Please try logging in again or go to {app} to create an account.',
    button: 'Try again',
  },
  userLimitReached: {
    title: 'Unable to sign in',
    detail: 'This application has reached its user limit and cannot sign in new users.',
    button: 'Close',
  },
  success: {
    title: 'Success!',
    detail: "You're signed in.",
  },
} as const

/** The shape every locale follows: the same keys as {@link en}, any strings. */
export type Messages = {
  [Screen in keyof typeof en]: { [Key in keyof (typeof en)[Screen]]: string }
}

import { EmailForm } from '../Landing/EmailForm'
import type { LoginMethod } from '../LoginMethod'
import { awaitingCodeScreen, sendLoginCode } from './sendLoginCode'

/**
 * Email one-time codes: the landing's email form sends a code (captcha first when the app has one), then
 * the code screen; the landing keeps the typed address for Back.
 */
export const emailLogin = {
  kind: 'email',
  analyticsName: () => 'email',
  keptLanding: (start) => start.landing,
  continue: sendLoginCode,
  landing: {
    matches: (method) => method === 'email',
    render: (props) => (
      <EmailForm
        email={props.email}
        onEmailChange={props.onEmailChange}
        view={props.view}
        plusError={props.plusError}
        autoFocus={props.autoFocus}
        recent={props.recent === 'email'}
        start={props.start}
      />
    ),
  },
  screens: { awaitingCode: awaitingCodeScreen },
  copy: ['awaitingCode'],
} satisfies LoginMethod<'email'>

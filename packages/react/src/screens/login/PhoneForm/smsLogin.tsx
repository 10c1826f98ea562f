import { awaitingCodeScreen, sendLoginCode } from '../AwaitingCode/sendLoginCode'
import type { LoginMethod } from '../LoginMethod'
import { SmsEntry } from './SmsEntry'

/**
 * SMS one-time codes: the landing's phone form texts a code (captcha first when the app has one), then the
 * code screen it shares with email; the landing keeps the typed number for Back.
 */
export const smsLogin = {
  kind: 'sms',
  analyticsName: () => 'sms',
  keptLanding: (start) => start.landing,
  continue: sendLoginCode,
  landing: { matches: (method) => method === 'sms', render: (props) => <SmsEntry {...props} /> },
  screens: { awaitingCode: awaitingCodeScreen },
  copy: [],
} satisfies LoginMethod<'sms'>

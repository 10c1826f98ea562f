import { formatMessage } from '../i18n/formatMessage'
import { sanitizeImageUrl } from '../theme/sanitizeImageUrl'
import { useModal } from './ModalContext'

/**
 * The app's logo: `appearance.logo`, else the app configuration's `logo_url`; only `http(s):` and
 * `data:image/…` URLs show (docs/limits.md "Logo must be a string…, else nothing shows").
 */
export function ModalLogo() {
  const { config, state, appName, messages } = useModal()
  const src = sanitizeImageUrl(config?.appearance?.logo) ?? sanitizeImageUrl(state.appConfig?.logo_url)
  if (!src) return null
  return (
    <img
      className="foyer-logo"
      src={src}
      alt={formatMessage(messages.modal.logoAlt, { app: appName })}
      referrerPolicy="no-referrer"
    />
  )
}

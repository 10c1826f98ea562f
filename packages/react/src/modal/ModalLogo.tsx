import { isValidElement, type ReactElement } from 'react'
import { formatMessage } from '../i18n/formatMessage'
import { sanitizeImageUrl } from '../theme/sanitizeImageUrl'
import { useModal } from './ModalContext'

/** `appearance.logo` values already warned about, so a re-render does not warn again. */
const warned = new WeakSet<object>()

/** An `<svg>` or `<img>` element, the two element logos `appearance.logo` accepts. */
function isLogoElement(value: unknown): value is ReactElement {
  return isValidElement(value) && (value.type === 'svg' || value.type === 'img')
}

/**
 * The app's logo: `appearance.logo` — a URL (only `http(s):` and `data:image/…` ones show) or an `<svg>` /
 * `<img>` element, drawn as given — else the app configuration's `logo_url`. Any other `appearance.logo`
 * logs a console warning once and shows no logo.
 */
export function ModalLogo() {
  const { config, state, appName, messages } = useModal()
  const logo: unknown = config?.appearance?.logo
  if (isLogoElement(logo)) return <span className="foyer-logo-element">{logo}</span>
  if (logo != null && typeof logo !== 'string') {
    const key = typeof logo === 'object' && logo !== null ? logo : ModalLogo
    if (!warned.has(key)) {
      warned.add(key)
      console.warn(
        'Foyer: appearance.logo must be a URL string or an <svg> or <img> element; no logo is shown.',
      )
    }
    return null
  }
  const src = sanitizeImageUrl(logo) ?? sanitizeImageUrl(state.appConfig?.logo_url)
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

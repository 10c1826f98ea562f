import { Suspense } from 'react'
import { useConsoleOperator } from '../api/ConsoleApiContext'
import { consolePages } from '../pages/registry'
import { Loading } from './Notices'
import { consoleHref, useConsoleRoute } from './route'
import type { ConsoleTheme } from './theme'

/** The theme choice: a labelled select, usable by keyboard. */
export function ThemeSwitch({
  theme,
  onChange,
}: {
  theme: ConsoleTheme
  onChange: (theme: ConsoleTheme) => void
}) {
  return (
    <label className="console-theme">
      Theme{' '}
      <select value={theme} onChange={(event) => onChange(event.target.value as ConsoleTheme)}>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  )
}

/**
 * The signed-in console: a header (name, operator, theme, log out), the navigation of the registered pages
 * (`aria-current` on the open one) and the open page in `<main>` with its heading. An unknown route shows
 * 'Page not found'.
 */
export function Layout(props: {
  theme: ConsoleTheme
  onTheme: (theme: ConsoleTheme) => void
  onLogout: () => void
}) {
  const operator = useConsoleOperator()
  const route = useConsoleRoute(consolePages[0]?.path ?? '')
  const page = consolePages.find((candidate) => candidate.path === route.page)
  const Page = page?.component
  return (
    <div className="console-layout">
      <a className="console-skip" href="#console-main">
        Skip to content
      </a>
      <header className="console-header">
        <span className="console-brand">Foyer console</span>
        <span className="console-muted console-operator">{operator.email}</span>
        <ThemeSwitch theme={props.theme} onChange={props.onTheme} />
        <button type="button" onClick={props.onLogout}>
          Log out
        </button>
      </header>
      <nav className="console-nav" aria-label="Console">
        <ul>
          {consolePages.map((entry) => (
            <li key={entry.path}>
              <a href={consoleHref(entry.path)} aria-current={entry.path === route.page ? 'page' : undefined}>
                {entry.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="console-main" className="console-main" tabIndex={-1}>
        <h1>{page?.title ?? 'Page not found'}</h1>
        {Page ? (
          <Suspense fallback={<Loading />}>
            <Page params={route.params} />
          </Suspense>
        ) : (
          <p>
            No console page here. <a href={consoleHref(consolePages[0]?.path ?? '')}>Go to the console</a>
          </p>
        )}
      </main>
    </div>
  )
}

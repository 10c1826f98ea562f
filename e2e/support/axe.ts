import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Frame, Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; nodes: { target: unknown[]; failureSummary?: string }[] }

/**
 * axe in `frame` (evaluated through the DevTools protocol, so the frame's CSP does not apply): the
 * violations, plus an error entry when colour contrast checked no text at all (a check that cannot fail).
 */
export async function axeViolations(
  frame: Frame | Page,
  selector: string,
  rules?: string[],
  exclude: string[] = [],
): Promise<string[]> {
  await frame.evaluate(axeSource)
  const result = await frame.evaluate(
    async ([selector, rules, exclude]) => {
      type Result = { violations: Violation[]; passes: { id: string; nodes: unknown[] }[] }
      const axe = (globalThis as unknown as { axe: { run(...args: unknown[]): Promise<Result> } }).axe
      const options = rules ? { runOnly: { type: 'rule', values: rules } } : {}
      const context = { include: [[selector]], exclude: exclude.map((excluded) => [excluded]) }
      const { violations, passes } = await axe.run(context, options)
      const contrastPasses = passes.find((rule) => rule.id === 'color-contrast')?.nodes.length ?? 0
      return { violations, contrastPasses }
    },
    [selector, rules ?? null, exclude] as const,
  )
  const messages = result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`).join(' | ')}`,
  )
  return result.contrastPasses > 0 ? messages : [...messages, 'color-contrast: no text checked']
}

/** The dialog's background colour for each base theme (`lightTheme().background`, `darkTheme().background`). */
const DIALOG_BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(24, 24, 27)' } as const

/**
 * The open modal screen passes axe colour contrast (WCAG AA) in the light and in the dark
 * theme. Switches the demo's theme picker while the modal stays open (the provider re-themes in place),
 * checks each, and leaves the light theme on. Returns the violations by theme (empty when all pass).
 * `exclude`: selectors of content that is not ours (a provider's own widget, e.g. Telegram's button).
 */
export async function contrastInBothThemes(
  page: Page,
  exclude: string[] = [],
): Promise<{ light: string[]; dark: string[] }> {
  const found = { light: [] as string[], dark: [] as string[] }
  for (const theme of ['dark', 'light'] as const) {
    // The picker sits behind the modal (hidden from the accessibility tree while it is open): it is found
    // by its label attribute and its value set without a click.
    await page.locator('select[aria-label="Theme"]').selectOption(theme, { force: true })
    await page.waitForFunction(
      (background) =>
        getComputedStyle(document.querySelector('[role=dialog]') as Element).backgroundColor === background,
      DIALOG_BACKGROUND[theme],
    )
    // Transitions (if any) settle before colours are read.
    await page.waitForTimeout(50)
    found[theme] = await axeViolations(page, '[role=dialog]', ['color-contrast'], exclude)
  }
  return found
}

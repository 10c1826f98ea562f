/**
 * The operators of the e2e stacks' console (`operatorConsole` in ./startStack.ts): one address per console
 * e2e file, so each file enrols and verifies its own operator (docs/console.md#adding-a-console-page).
 */
export const E2E_CONSOLE_OPERATORS = [
  'console-access@foyer.test',
  'console-apps@foyer.test',
  'console-users@foyer.test',
  'console-usage@foyer.test',
  'console-spare@foyer.test',
  'console-funding@foyer.test',
  'console-secret@foyer.test',
]

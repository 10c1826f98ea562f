import { expect, test } from 'vitest'
import * as telegram from './telegram'

test('exports', () => {
  expect(Object.keys(telegram).sort()).toMatchSnapshot()
})

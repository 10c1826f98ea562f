import { expect, test } from 'vitest'
import * as mfa from './mfa'

test('exports', () => {
  expect(Object.keys(mfa).sort()).toMatchSnapshot()
})

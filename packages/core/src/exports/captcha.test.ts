import { expect, test } from 'vitest'
import * as captcha from './captcha'

test('exports', () => {
  expect(Object.keys(captcha).sort()).toMatchSnapshot()
})

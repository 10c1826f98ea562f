import { describe, expect, test } from 'vitest'
import { getMoonpayTransaction, getMoonpayTransactionStatus } from './getMoonpayTransactionStatus'

const answer = (status: number, body: unknown) => async (input: RequestInfo | URL) => {
  calls.push(String(input))
  return new Response(JSON.stringify(body), { status })
}
let calls: string[] = []
const base = { apiUrl: 'https://api.moonpay.test/', apiKey: 'pk_test_1', externalTransactionId: 'a b' }

describe('getMoonpayTransactionStatus', () => {
  test('default: the first transaction status, from /v1/transactions/ext/{id}?apiKey=', async () => {
    calls = []
    const status = await getMoonpayTransactionStatus({
      ...base,
      fetch: answer(200, [{ status: 'completed' }]),
    })
    expect(status).toBe('completed')
    expect(calls).toEqual(['https://api.moonpay.test/v1/transactions/ext/a%20b?apiKey=pk_test_1'])
  })
  test('behavior: 404 and working statuses are pending', async () => {
    expect(await getMoonpayTransactionStatus({ ...base, fetch: answer(404, { message: 'x' }) })).toBe(
      'pending',
    )
    expect(
      await getMoonpayTransactionStatus({ ...base, fetch: answer(200, [{ status: 'waitingPayment' }]) }),
    ).toBe('pending')
  })
  test('error: another HTTP error throws', async () => {
    await expect(getMoonpayTransactionStatus({ ...base, fetch: answer(500, {}) })).rejects.toThrow('500')
  })
})

describe('getMoonpayTransaction', () => {
  test('default: the purchase with its payment method, amounts and the fees added up', async () => {
    const transaction = await getMoonpayTransaction({
      ...base,
      fetch: answer(200, [
        {
          status: 'completed',
          paymentMethod: 'apple_pay',
          baseCurrency: { code: 'usd' },
          baseCurrencyAmount: 150,
          currency: { code: 'eth' },
          quoteCurrencyAmount: 0.05,
          feeAmount: 3.99,
          extraFeeAmount: 1,
          networkFeeAmount: 0.5,
        },
      ]),
    })
    expect(transaction).toEqual({
      status: 'completed',
      paymentMethod: 'apple_pay',
      baseCurrencyCode: 'usd',
      baseCurrencyAmount: 150,
      currencyCode: 'eth',
      quoteCurrencyAmount: 0.05,
      feeAmount: 3.99 + 1 + 0.5,
    })
  })
  test('behavior: 404 is a pending purchase; fields of another type are left out', async () => {
    expect(await getMoonpayTransaction({ ...base, fetch: answer(404, { message: 'x' }) })).toEqual({
      status: 'pending',
    })
    expect(
      await getMoonpayTransaction({
        ...base,
        fetch: answer(200, [{ status: 'waitingAuthorization', baseCurrencyAmount: '150', currency: 'eth' }]),
      }),
    ).toEqual({ status: 'waitingAuthorization' })
  })
})

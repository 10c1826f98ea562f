/**
 * The bridge stand-in's solver at work: it watches the origin chains for deposits of waiting requests,
 * then fills them on the destination chain (EVM or Solana).
 */
import { type Address, decodeFunctionData, erc20Abi, type Hex, zeroAddress } from 'viem'
import type { BridgeSolver, BridgeSolverChain } from './bridgeSolver'
import type { BridgeStandInRequest } from './bridgeStandInTypes'
import { SOLANA_CHAIN_ID, signedSolTransfer, solanaRpc } from './solanaTransfers'
/** Sends the recipient its amount on the destination chain, once. */
export async function fill(bridge: BridgeSolver, request: BridgeStandInRequest) {
  if (request.destinationChainId === SOLANA_CHAIN_ID && bridge.options.solana)
    return fillOnSolana(bridge, request)
  const destination = bridge.chains.get(request.destinationChainId)
  if (!destination) return
  request.status = 'pending'
  request.updatedAt = Date.now()
  try {
    const recipient = request.recipient as Address
    const hash =
      request.destinationCurrency === zeroAddress
        ? await destination.walletClient.sendTransaction({ to: recipient, value: request.amountOut })
        : await destination.walletClient.writeContract({
            address: request.destinationCurrency as Address,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, request.amountOut],
          })
    request.txHashes.push(hash)
    request.status = 'submitted'
    const receipt = await destination.publicClient.waitForTransactionReceipt({ hash })
    request.status = receipt.status === 'success' ? 'success' : 'failure'
  } catch {
    request.status = 'failure'
  }
  request.updatedAt = Date.now()
}

/** Sends the recipient its SOL on the Solana cluster, once (the local cluster confirms at once). */
export async function fillOnSolana(bridge: BridgeSolver, request: BridgeStandInRequest) {
  const rpcUrl = bridge.options.solana?.rpcUrl as string
  request.status = 'pending'
  request.updatedAt = Date.now()
  try {
    const { value } = await solanaRpc<{ value: { blockhash: string } }>(rpcUrl, 'getLatestBlockhash', [])
    const transaction = signedSolTransfer(
      bridge.solanaKey,
      request.recipient,
      request.amountOut,
      value.blockhash,
    )
    const signature = await solanaRpc<string>(rpcUrl, 'sendTransaction', [
      Buffer.from(transaction).toString('base64'),
      { encoding: 'base64' },
    ])
    request.txHashes.push(signature as Hex)
    const { value: statuses } = await solanaRpc<{ value: ({ err: unknown } | null)[] }>(
      rpcUrl,
      'getSignatureStatuses',
      [[signature]],
    )
    request.status = statuses[0] && !statuses[0].err ? 'success' : 'failure'
  } catch {
    request.status = 'failure'
  }
  request.updatedAt = Date.now()
}

/**
 * The deposit a transaction makes, if any: the native coin paid to the solver with a request id as calldata,
 * or a token `transfer` to the solver with the request id appended; `currency` lowercased.
 */
export function depositOf(bridge: BridgeSolver, tx: { to: Address | null; input: Hex; value: bigint }) {
  const to = tx.to?.toLowerCase()
  if (!to) return undefined
  if (to === bridge.solver.address.toLowerCase())
    return tx.input.length === 66
      ? { requestId: tx.input.toLowerCase() as Hex, currency: zeroAddress as string, amount: tx.value }
      : undefined
  // transfer(address,uint256): 4 + 64 bytes, then the 32-byte request id.
  if (!tx.input.startsWith('0xa9059cbb') || tx.input.length !== 2 + 8 + 128 + 64) return undefined
  try {
    const { args } = decodeFunctionData({ abi: erc20Abi, data: tx.input.slice(0, 2 + 8 + 128) as Hex })
    const [recipient, amount] = args as readonly [Address, bigint]
    if (recipient.toLowerCase() !== bridge.solver.address.toLowerCase()) return undefined
    return { requestId: `0x${tx.input.slice(-64).toLowerCase()}` as Hex, currency: to, amount }
  } catch {
    return undefined
  }
}

/** Takes an approved deposit's tokens from the user (`transferFrom`); false (request failed) when it reverts. */
export async function pullTokens(
  bridge: BridgeSolver,
  chain: BridgeSolverChain,
  request: BridgeStandInRequest,
) {
  try {
    const hash = await chain.walletClient.writeContract({
      address: request.originCurrency as Address,
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [request.user as Address, bridge.solver.address, request.amountIn],
    })
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status === 'success') return true
  } catch {}
  request.status = 'failure'
  request.updatedAt = Date.now()
  return false
}

/** Fills the waiting Solana requests whose deposit address holds the amount (`getBalance`). */
export async function scanSolana(bridge: BridgeSolver) {
  const rpcUrl = bridge.options.solana?.rpcUrl
  if (!rpcUrl) return
  for (const request of bridge.requests.values()) {
    if (request.status !== 'waiting' || !request.depositAddress) continue
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getBalance',
        params: [request.depositAddress],
      }),
    })
    const body = (await response.json()) as { result?: { value?: number } }
    if (BigInt(body.result?.value ?? 0) < request.amountIn) continue
    await fill(bridge, request)
  }
}

/** Looks at the new blocks of each origin chain for deposits of waiting requests, then fills them. */
export async function scan(bridge: BridgeSolver) {
  await scanSolana(bridge)
  for (const [chainId, chain] of bridge.chains) {
    const latest = await chain.publicClient.getBlockNumber()
    const waiting = new Map<string, BridgeStandInRequest>()
    for (const request of bridge.requests.values())
      if (request.status === 'waiting' && request.originChainId === chainId)
        waiting.set(request.requestId.toLowerCase(), request)
    if (waiting.size === 0) {
      chain.scannedTo = latest
      continue
    }
    for (let number = chain.scannedTo + 1n; number <= latest; number++) {
      const block = await chain.publicClient.getBlock({ blockNumber: number, includeTransactions: true })
      for (const tx of block.transactions) {
        const found = depositOf(bridge, tx)
        const request = found && waiting.get(found.requestId)
        if (!found || !request) continue
        // An approved token's deposit names the request without paying: the solver pulls the tokens.
        const pulls = request.pull && found.currency === zeroAddress
        if (!pulls && request.originCurrency.toLowerCase() !== found.currency) continue
        if (!pulls && found.amount < request.amountIn) continue
        const receipt = await chain.publicClient.getTransactionReceipt({ hash: tx.hash })
        if (receipt.status !== 'success') continue
        request.inTxHashes.push(tx.hash)
        waiting.delete(found.requestId)
        if (pulls && !(await pullTokens(bridge, chain, request))) continue
        await fill(bridge, request)
      }
      chain.scannedTo = number
    }
  }
}

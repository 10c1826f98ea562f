// Loaded with `node --import` into the bundler's and the mock paymaster's own processes (never into Foyer's):
// - every server they open listens on 127.0.0.1 only (Alto binds 0.0.0.0 with no option to change it), and
//   each listening address is printed as one line, `listening on http://127.0.0.1:<port>`, so a caller that
//   asked for port 0 learns the port the system chose;
// - Promise.withResolvers (Node 22) for prool on Node 20.
import net from 'node:net'

if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve
    let reject
    const promise = new this((res, rej) => {
      resolve = res
      reject = rej
    })
    return { promise, resolve, reject }
  }
}

/** Hosts that mean every interface. */
const ANY_HOST = new Set(['0.0.0.0', '::', ''])

const listen = net.Server.prototype.listen
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args
  if (first !== null && typeof first === 'object' && !(first instanceof net.Server) && 'port' in first) {
    if (first.host === undefined || ANY_HOST.has(first.host)) args[0] = { ...first, host: '127.0.0.1' }
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, callback])
    if (typeof args[1] !== 'string' || ANY_HOST.has(args[1])) {
      if (typeof args[1] === 'string') args[1] = '127.0.0.1'
      else args.splice(1, 0, '127.0.0.1')
    }
  }
  this.once('listening', () => {
    const address = this.address()
    if (address && typeof address === 'object')
      process.stdout.write(`listening on http://${address.address}:${address.port}\n`)
  })
  return listen.apply(this, args)
}

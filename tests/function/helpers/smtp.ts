import { SMTPServer } from 'smtp-server'

interface ReceivedMail {
  envelope: { from: string; to: string[] }
  raw: string
  /** The session ran over TLS. */
  secure: boolean
  /** The user the client authenticated as. */
  user: string | undefined
}

export interface TestSmtp {
  port: number
  received: ReceivedMail[]
  /** While set, every message is refused with this reply (a temporary 451 failure). */
  refuse: string | null
  /** The server takes this long to accept each message (a slow mail server). */
  delayMs: number
  close(): Promise<void>
}

export interface SmtpOptions {
  /** Implicit TLS (as on port 465) with this key and certificate. */
  tls?: { key: string; cert: string }
  /** Require AUTH with these credentials. */
  auth?: { user: string; pass: string }
}

/** A real SMTP server on a free loopback port: plain SMTP without TLS or auth, or implicit TLS with AUTH. */
export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const state: TestSmtp = { port: 0, received: [], refuse: null, delayMs: 0, close: async () => undefined }
  const server = new SMTPServer({
    ...(options.tls ? { secure: true, key: options.tls.key, cert: options.tls.cert } : {}),
    ...(options.auth
      ? {
          authMethods: ['PLAIN', 'LOGIN'],
          onAuth(auth, _session, callback) {
            if (auth.username === options.auth!.user && auth.password === options.auth!.pass) return callback(null, { user: auth.username })
            callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
          },
        }
      : { authOptional: true }),
    disabledCommands: options.tls ? ['STARTTLS'] : options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: !options.tls,
    logger: false,
    disableReverseLookup: true,
    onMailFrom(_address, _session, callback) {
      if (state.refuse) return callback(Object.assign(new Error(state.refuse), { responseCode: 451 }))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const accept = () => {
          state.received.push({
            envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) },
            raw: Buffer.concat(chunks).toString('utf8'),
            secure: session.secure,
            user: session.user as string | undefined,
          })
          callback()
        }
        if (state.delayMs > 0) setTimeout(accept, state.delayMs)
        else accept()
      })
    },
  })
  // A client that drops the connection (or fails the TLS handshake) is an error event, not a crash.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.port = (server.server.address() as { port: number }).port
  state.close = () => new Promise((resolve) => server.close(() => resolve()))
  return state
}

/** The message's headers (unfolded), by lower-case name. */
export function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return new Map(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
}

/** The decoded body of the first MIME part of the given type (quoted-printable or base64). */
export function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  const start = raw.search(new RegExp(`Content-Type: ${type}`, 'i'))
  if (start === -1) throw new Error(`no ${type} part`)
  const part = raw.slice(start)
  const [head, ...rest] = part.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n').split(/\r?\n--/)[0]!
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(head!)?.[1]?.toLowerCase()
  return decode(body, encoding).replace(/\r\n/g, '\n')
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const escaped = body
      .replace(/%/g, '%25')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    return decodeURIComponent(escaped)
  }
  return body
}

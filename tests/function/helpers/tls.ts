import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface TestCertificates {
  /** The test authority's certificate (PEM): what a client must trust. */
  caFile: string
  /** The server's key and certificate (PEM) for 127.0.0.1 and localhost, signed by the test authority. */
  key: string
  cert: string
  remove(): void
}

/**
 * A throwaway certificate authority and a server certificate it signed, made with the `openssl` binary
 * for this test run only (nothing secret is committed). A separate authority, not one self-signed
 * server certificate, because Deno's TLS (rustls) does not accept a server certificate that is its own
 * trust anchor. Clients trust it through their usual switches: NODE_EXTRA_CA_CERTS, DENO_CERT.
 */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quote-tls-'))
  const file = (name: string) => path.join(dir, name)
  const openssl = (...args: string[]) => {
    try {
      execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT'
      throw new Error(
        missing
          ? "openssl is not installed: the SMTP-over-TLS tests need Debian's `openssl` package (postgresql brings it, through ssl-cert)"
          : `openssl ${args[0]} failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`,
        { cause: error },
      )
    }
  }
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Quote form test CA',
  )
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost')
  writeFileSync(
    file('server.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
  )
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  )
  return {
    caFile: file('ca.pem'),
    key: readFileSync(file('server.key'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

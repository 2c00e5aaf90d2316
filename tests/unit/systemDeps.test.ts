import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * scripts/system-deps.sh, the first step of `npm test`, run against stand-ins: CHROMIUM_PATH and PG_BIN
 * name files in a temporary folder, and `id` and `apt-get` earlier on PATH report a user and record what
 * they were asked (the stand-in apt-get "installs" by creating the two files, or fails).
 */
const SCRIPT = path.resolve('scripts/system-deps.sh')
let dir: string
let bin: string
let chromium: string
let pgBin: string
let aptLog: string
let fonts: string

const stub = (name: string, body: string) => {
  writeFileSync(path.join(bin, name), `#!/bin/bash\n${body}\n`)
  chmodSync(path.join(bin, name), 0o755)
}
const installChromium = () => {
  writeFileSync(chromium, '#!/bin/sh\n')
  chmodSync(chromium, 0o755)
}
const installFonts = () => {
  for (const file of ['dejavu/DejaVuSans.ttf', 'noto/NotoColorEmoji.ttf']) {
    mkdirSync(path.dirname(path.join(fonts, file)), { recursive: true })
    writeFileSync(path.join(fonts, file), '')
  }
}
const installPostgres = () => {
  mkdirSync(pgBin, { recursive: true })
  writeFileSync(path.join(pgBin, 'initdb'), '#!/bin/sh\n')
  chmodSync(path.join(pgBin, 'initdb'), 0o755)
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'system-deps-'))
  bin = path.join(dir, 'bin')
  mkdirSync(bin)
  chromium = path.join(dir, 'chromium')
  pgBin = path.join(dir, 'pg', 'bin')
  aptLog = path.join(dir, 'apt.log')
  fonts = path.join(dir, 'fonts')
  writeFileSync(aptLog, '')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function run({ user, apt, withFonts = true }: { user: number; apt: 'installs' | 'fails' | 'absent'; withFonts?: boolean }) {
  if (withFonts) installFonts()
  stub('id', `echo ${user}`)
  if (apt !== 'absent') {
    stub(
      'apt-get',
      `echo "$*" >> ${aptLog}\n` +
        (apt === 'fails'
          ? 'exit 100'
          : `if [ "$1" = install ]; then printf '#!/bin/sh\\n' > ${chromium}; chmod +x ${chromium}; mkdir -p ${pgBin}; printf '#!/bin/sh\\n' > ${pgBin}/initdb; chmod +x ${pgBin}/initdb; ` +
            `mkdir -p ${fonts}/dejavu ${fonts}/noto; touch ${fonts}/dejavu/DejaVuSans.ttf ${fonts}/noto/NotoColorEmoji.ttf; fi`),
    )
  }
  // Without apt-get, PATH holds only the stand-ins (the script needs nothing else).
  const PATH = apt === 'absent' ? bin : `${bin}:${process.env.PATH}`
  const result = spawnSync('/bin/bash', [SCRIPT], {
    env: { PATH, CHROMIUM_PATH: chromium, PG_BIN: pgBin, FONTS_DIR: fonts },
    encoding: 'utf8',
    timeout: 10_000,
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, apt: readFileSync(aptLog, 'utf8') }
}

describe('scripts/system-deps.sh', () => {
  it('does nothing when Chromium and PostgreSQL are there', () => {
    installChromium()
    installPostgres()
    expect(run({ user: 0, apt: 'installs' })).toEqual({ status: 0, stdout: '', stderr: '', apt: '' })
  })

  it('installs the fonts the layout tests measure with when they are missing', () => {
    installChromium()
    installPostgres()
    const result = run({ user: 0, apt: 'installs', withFonts: false })
    expect(result.status).toBe(0)
    expect(result.apt).toBe('update -qq\ninstall -y -qq --no-install-recommends fonts-dejavu-core fonts-noto-color-emoji\n')
    expect(existsSync(path.join(fonts, 'noto/NotoColorEmoji.ttf'))).toBe(true)
  })

  it('installs what is missing with apt-get when it runs as root', () => {
    installChromium()
    const result = run({ user: 0, apt: 'installs' })
    expect(result.status).toBe(0)
    expect(result.stdout).toBe('npm test needs postgresql, which this machine lacks: installing it with apt-get…\n')
    expect(result.apt).toBe('update -qq\ninstall -y -qq --no-install-recommends postgresql\n')
    expect(existsSync(path.join(pgBin, 'initdb'))).toBe(true)
  })

  it('stops at once with the command to run when it cannot install', () => {
    const result = run({ user: 1000, apt: 'installs' })
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      'npm test needs chromium postgresql, which this machine lacks. Install with:\n  sudo apt-get update && sudo apt-get install -y chromium postgresql\nthen run npm test again.\n',
    )
    expect(result.apt).toBe('')
  })

  it('stops with the command when apt-get fails', () => {
    const result = run({ user: 0, apt: 'fails' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      'Installing chromium postgresql failed (see above). Run `apt-get update && apt-get install -y chromium postgresql`, then npm test again.',
    )
  })

  it('says what to install and which variables to set on a system without apt-get', () => {
    installPostgres()
    const result = run({ user: 0, apt: 'absent' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('npm test needs chromium, which this machine lacks, and this is not a Debian system with apt-get.')
    expect(result.stderr).toContain('set CHROMIUM_PATH to\nthe chromium binary, PG_BIN to')
    expect(result.stderr).toContain('FONTS_DIR to the folder holding')
  })
})

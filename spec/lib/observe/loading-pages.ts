// Pages that are still loading while they look finished: their text is there, not yet shown.

/**
 * A page behind an anti-flicker snippet, as A/B-testing tools ship it: `<root>` gets a class
 * that hides it (`rule`), and a timer of `ms` takes the class away if their script never does.
 */
export const antiFlicker = (root: 'html' | 'body', rule: string, ms: number): string =>
  `<!doctype html><html${root === 'html' ? ' class="async-hide"' : ''}><head><meta charset="utf-8"><title>Flicker</title>
<style>.async-hide { ${rule} }</style></head>
<body${root === 'body' ? ' class="async-hide"' : ''}><h1>Spring timetable</h1>
<p>The ferry leaves the harbour at nine every morning from April on.</p><button>Fares</button>
<script>setTimeout(() => { document.${root === 'html' ? 'documentElement' : 'body'}.classList.remove('async-hide'); window.shown = true; }, ${ms});</script>
</body></html>`;

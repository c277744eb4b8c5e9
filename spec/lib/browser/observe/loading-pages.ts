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

/**
 * A settled page that keeps moving for show: a carousel's progress bar redrawn every 100 ms
 * (a style attribute), a visitor counter rewritten every 150 ms (textContent), a live dot
 * toggling its class every 200 ms. None of it is content arriving.
 */
export const animatedPage = (): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Animated</title></head>
<body><section><h2>Top story</h2><p>The night ferry keeps running all winter.</p><div id="bar" style="height:3px;width:0;background:red"></div></section>
<p>Readers now: <span id="readers">100</span> <span id="dot" class="on">●</span></p>
<script>
  let p = 0; setInterval(() => { p = (p + 2) % 100; bar.style.width = p + '%'; }, 100);
  setInterval(() => { readers.textContent = String(100 + Math.floor(Math.random() * 900)); }, 150);
  setInterval(() => { dot.classList.toggle('on'); }, 200);
</script></body></html>`;

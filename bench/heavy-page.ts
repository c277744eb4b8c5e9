// A news front page as ad-funded sites ship it, built here so nothing reaches the internet:
// several MB of JavaScript in a handful of bundles that run long tasks while they start, dozens of
// timers and intervals, analytics beacons sent on a timer, a live ticker and a rotating carousel
// that touch the DOM every few seconds, the carousel's progress bar redrawn ten times a second (so
// the DOM is never quiet), ad slots filled late, and a big DOM (thousands of cards).
import type { Route } from '../spec/support/site.js';

/** How big the page is; the defaults give about 4 MB of script and 15,000 elements. */
export interface HeavyShape {
  bundles: number;
  /** Functions per bundle: each bundle is about 250 bytes per function. */
  functions: number;
  /** Milliseconds each bundle keeps the main thread busy when it starts (a long task). */
  startupTaskMs: number;
  cards: number;
  intervals: number;
}

export const HEAVY_SHAPE: HeavyShape = { bundles: 4, functions: 4_000, startupTaskMs: 150, cards: 1_500, intervals: 30 };

/** One bundle: `functions` generated modules (parsed, most never called, as in real bundles), a start-up long task, a few timers. */
function bundle(index: number, shape: HeavyShape): string {
  const modules: string[] = [];
  for (let i = 0; i < shape.functions; i++) {
    modules.push(
      `function m${index}_${i}(a,b){var t=${i}*a+(b||0),s='${'abcdefghij'.repeat(3)}${i}';for(var k=0;k<(a&7);k++){t=(t*31+s.charCodeAt(k%s.length))|0}return{v:t,n:'m${index}_${i}',s:s.slice(0,8)}}`,
    );
  }
  return `(function(){
${modules.join('\n')}
var registry={};${Array.from({ length: 50 }, (_, i) => `registry.k${i}=m${index}_${i * 7}(${i},1);`).join('')}
var until=performance.now()+${shape.startupTaskMs};var spin=0;while(performance.now()<until){spin=(spin+m${index}_1(spin&255,3).v)|0}
window.__bundle${index}=registry;
})();`;
}

/** The page's own scripts: timers, beacons, the ticker, the carousel, late ads, a "load more". */
function inlineScript(shape: HeavyShape): string {
  return `
(function(){
  var busy=function(ms){var e=performance.now()+ms;while(performance.now()<e){}};
  for(var i=0;i<${shape.intervals};i++){(function(i){setInterval(function(){busy(1);window['tick'+i]=(window['tick'+i]||0)+1},250+i*37)})(i)}
  setInterval(function(){busy(40)},2000);
  var beacon=function(kind){var body=JSON.stringify({k:kind,t:Date.now(),y:scrollY});
    if(navigator.sendBeacon)navigator.sendBeacon('/collect?e='+kind,body);
    fetch('/collect?f='+kind,{method:'POST',body:body,keepalive:true}).catch(function(){});
    new Image().src='/pixel.gif?e='+kind+'&r='+Math.random();};
  beacon('pageview');setInterval(function(){beacon('heartbeat')},1500);
  var ticker=document.getElementById('ticker');var n=0;
  setInterval(function(){n++;ticker.textContent='Live: markets '+(n%2?'up':'down')+' '+(n%7)+'.'+(n%10)+'%';},1000);
  var slides=document.querySelectorAll('.slide');var at=0;
  setInterval(function(){slides[at].classList.remove('on');at=(at+1)%slides.length;slides[at].classList.add('on')},3000);
  // The carousel's progress bar, redrawn ten times a second: the DOM is never quiet for 500 ms.
  var bar=document.getElementById('progress');var p=0;setInterval(function(){p=(p+2)%100;bar.style.width=p+'%'},100);
  setTimeout(function(){document.querySelectorAll('.ad').forEach(function(ad,j){ad.innerHTML='<a href="/ad/'+j+'"><span>Sponsored: offer '+j+'</span></a>'})},1200);
  document.getElementById('more').addEventListener('click',function(){
    var list=document.getElementById('cards');for(var j=0;j<20;j++){var c=document.createElement('article');c.className='card';c.innerHTML='<h3>More story '+j+'</h3><p>Loaded on demand.</p>';list.appendChild(c)}
  });
})();`;
}

function page(shape: HeavyShape): string {
  const cards = Array.from(
    { length: shape.cards },
    (_, i) =>
      `<article class="card"><a href="/story/${i}"><img alt="" width="120" height="80" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><h3>Story ${i}: the harbour, the council and the night ferry</h3></a><p>Short teaser ${i} of the story with a few words more.</p><button class="save" data-id="${i}">Save</button><span class="meta">${i % 60} min ago</span>${i % 25 === 0 ? '<div class="ad"></div>' : ''}</article>`,
  ).join('');
  const nav = Array.from({ length: 120 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join('');
  const slides = Array.from({ length: 5 }, (_, i) => `<div class="slide${i === 0 ? ' on' : ''}"><h2>Top story ${i}</h2><p>Lead paragraph of top story ${i}.</p></div>`).join('');
  const scripts = Array.from({ length: shape.bundles }, (_, i) => `<script src="/js/bundle-${i}.js"></script>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Bay Courier: front page</title>
<style>.slide{display:none}.slide.on{display:block}.card{display:inline-block;width:300px;vertical-align:top;margin:4px}</style>${scripts}</head>
<body><header><a href="/">The Bay Courier</a><nav><ul>${nav}</ul></nav><p id="ticker">Live: markets</p></header>
<main><section class="carousel">${slides}<div id="progress" style="height:3px;background:#c00;width:0"></div></section>
<h1>Front page</h1><div id="cards">${cards}</div><button id="more">Load more</button></main>
<footer><p>The Bay Courier, Quay Street 4.</p></footer>
<script>${inlineScript(shape)}</script></body></html>`;
}

/** The routes of the heavy site: `/heavy` and its bundles, beacons and pixels. */
export function heavyRoutes(shape: HeavyShape = HEAVY_SHAPE): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/heavy': { body: page(shape) },
    '/collect': (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    },
    '/pixel.gif': { type: 'image/gif', body: 'GIF89a' },
  };
  for (let i = 0; i < shape.bundles; i++) routes[`/js/bundle-${i}.js`] = { type: 'application/javascript', body: bundle(i, shape) };
  return routes;
}

// Replicas of CAPTCHA widgets as sites embed them, and as the vendors' scripts render them.
// The vendors' scripts cannot load here (no internet), so the "rendered" variants carry the DOM
// those scripts leave behind, iframe URLs included.
import { articlePage, contactForm, loginForm, shopPage, type Case } from './shell.js';

const RECAPTCHA_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';
const RECAPTCHA_V3_KEY = '6LcR_okUAAAAAPYrPe-HK_0RULO1aZM15ENyM-Mf';
const HCAPTCHA_KEY = '10000000-ffff-ffff-ffff-000000000001';
const TURNSTILE_KEY = '1x00000000000000000000AA';
const SANDBOX = 'allow-forms allow-popups allow-same-origin allow-scripts allow-top-navigation allow-modals allow-popups-to-escape-sandbox allow-storage-access-by-user-activation';

const anchor = (size: string, key = RECAPTCHA_KEY): string =>
  `https://www.google.com/recaptcha/api2/anchor?ar=1&amp;k=${key}&amp;co=aHR0cDovLzEyNy4wLjAuMTo4MA..&amp;hl=en&amp;v=pCoGBhjs9s8EhFOHJFe8cqis&amp;size=${size}&amp;cb=7kq1hx3w0x2n`;

/** The challenge popup api.js appends to the body: parked off-screen and hidden until a challenge opens. */
const bframe = (open: boolean): string => `<div style="visibility: ${open ? 'visible' : 'hidden'}; position: absolute; width: 100%; top: ${open ? '120px' : '-10000px'}; left: 0px; right: 0px; opacity: ${open ? 1 : 0};">
  <div style="width: 100%; height: 100%; position: fixed; top: 0px; left: 0px; z-index: 2000000000; background-color: rgb(255, 255, 255); opacity: 0.5;"></div>
  <div style="border: 1px solid rgb(204, 204, 204); z-index: 2000000000; position: absolute; visibility: ${open ? 'visible' : 'hidden'}; left: 40px; top: 10px; width: 400px; height: 580px;">
    <iframe title="recaptcha challenge expires in two minutes" name="c-7kq1hx3w0x2n" frameborder="0" scrolling="no" sandbox="${SANDBOX}" src="https://www.google.com/recaptcha/api2/bframe?hl=en&amp;v=pCoGBhjs9s8EhFOHJFe8cqis&amp;k=${RECAPTCHA_KEY}" style="width: 100%; height: 100%;"></iframe>
  </div>
</div>`;

const RECAPTCHA_SCRIPT = '<script src="https://www.google.com/recaptcha/api.js" async defer></script>';

const renderedCheckbox = `<div class="g-recaptcha" data-sitekey="${RECAPTCHA_KEY}"><div style="width: 304px; height: 78px;"><div>
  <iframe title="reCAPTCHA" width="304" height="78" role="presentation" name="a-7kq1hx3w0x2n" frameborder="0" scrolling="no" sandbox="${SANDBOX}" src="${anchor('normal')}"></iframe></div>
  <textarea id="g-recaptcha-response" name="g-recaptcha-response" class="g-recaptcha-response" style="width: 250px; height: 40px; display: none;"></textarea>
</div><iframe style="display: none;"></iframe></div>`;

const v3Badge = `<div class="grecaptcha-badge" data-style="bottomright" style="width: 256px; height: 60px; display: block; position: fixed; bottom: 14px; right: -186px; box-shadow: gray 0px 0px 5px; border-radius: 2px; overflow: hidden;">
  <div class="grecaptcha-logo"><iframe title="reCAPTCHA" width="256" height="60" role="presentation" name="a-v3badge" frameborder="0" scrolling="no" sandbox="${SANDBOX}" src="${anchor('invisible', RECAPTCHA_V3_KEY)}"></iframe></div>
  <div class="grecaptcha-error"></div>
  <textarea id="g-recaptcha-response-100000" name="g-recaptcha-response" class="g-recaptcha-response" style="display: none;"></textarea>
</div><iframe style="display: none;"></iframe>`;

// Google's own "unusual traffic" page (served 429), with its collapsed explanation.
const GOOGLE_SORRY = `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"><meta name="viewport" content="initial-scale=1"><title>https://www.google.com/search?q=fernweh+outfitters</title></head>
<body style="font-family: arial, sans-serif; background-color: #fff; color: #000; padding:20px; font-size:18px;"><div style="max-width:400px;">
<hr noshade size="1" style="color:#ccc; background-color:#ccc;"><br>
<form id="captcha-form" action="index" method="post"><noscript><div style="font-size:13px;">In order to continue, please enable javascript on your web browser.</div></noscript>
${RECAPTCHA_SCRIPT}<script>var submitCallback = function(response) {document.getElementById('captcha-form').submit();};</script>
<div id="recaptcha" class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b" data-callback="submitCallback" data-s="WKf3ZJvN0fQ"></div>
<input type='hidden' name='q' value='EgTAAAIKGOmRn7EGIjA'><input type="hidden" name="continue" value="https://www.google.com/search?q=fernweh+outfitters"></form>
<hr noshade size="1" style="color:#ccc; background-color:#ccc;">
<div style="font-size:13px;"><b>About this page</b><br><br>Our systems have detected unusual traffic from your computer network. This page checks to see if it&#39;s really you sending the requests, and not a robot. <a href="#" onclick="document.getElementById('infoDiv').style.display='block';">Why did this happen?</a><br><br>
<div id="infoDiv" style="display:none; background-color:#eee; padding:10px; margin:0 0 15px 0; line-height:1.4em;">This page appears when Google automatically detects requests coming from your computer network which appear to be in violation of the <a href="//www.google.com/policies/terms/">Terms of Service</a>. The block will expire shortly after those requests stop. In the meantime, solving the above CAPTCHA will let you continue to use our services.<br><br>This traffic may have been sent by malicious software, a browser plug-in, or a script that sends automated requests. If you share your network connection, ask your computer administrator for help &mdash; a different computer using the same IP address may be responsible. <a href="//support.google.com/websearch/answer/86640">Learn more</a><br><br>Sometimes you may be asked to solve the CAPTCHA if you are using advanced terms that robots are known to use, or sending requests very quickly.</div>
IP address: 192.0.2.10<br>Time: 2024-05-01T10:00:00Z<br>URL: https://www.google.com/search?q=fernweh+outfitters<br></div></div></body></html>`;

/** A small "check before you continue" page a site puts in front of itself, around `widget`. */
const gatePage = (head: string, widget: string): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>One more step</title>${head}</head>
<body><main class="gate"><h1>One more step</h1><p>Please complete the security check to continue to shop.example.</p>
<form action="/__verify" method="post"><input type="hidden" name="return_to" value="/collections/spring">${widget}<button type="submit">Continue</button></form>
<p class="ray">Request ID 7f3a9c2e41</p></main></body></html>`;

const hcaptchaCheckbox = `<div class="h-captcha" data-sitekey="${HCAPTCHA_KEY}" data-hcaptcha-widget-id="0x1kd2">
  <iframe src="https://newassets.hcaptcha.com/captcha/v1/2a1f3c1/static/hcaptcha.html#frame=checkbox&amp;id=0x1kd2&amp;host=shop.example&amp;sentry=true&amp;hl=en&amp;sitekey=${HCAPTCHA_KEY}&amp;theme=light" tabindex="0" frameborder="0" scrolling="no" title="Widget containing checkbox for hCaptcha security challenge" data-hcaptcha-widget-id="0x1kd2" data-hcaptcha-response="" style="pointer-events: auto; width: 303px; height: 78px; overflow: hidden;"></iframe>
  <textarea id="g-recaptcha-response-0x1kd2" name="g-recaptcha-response" style="display: none;"></textarea><textarea id="h-captcha-response-0x1kd2" name="h-captcha-response" style="display: none;"></textarea>
</div>`;

const HCAPTCHA_SCRIPT = '<script src="https://js.hcaptcha.com/1/api.js" async defer></script>';
const TURNSTILE_SCRIPT = '<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>';

export const WIDGET_CASES: Case[] = [
  {
    name: 'reCAPTCHA v2 checkbox in a contact form, as the site writes it',
    body: shopPage('Contact us', contactForm(`<div class="g-recaptcha" data-sitekey="${RECAPTCHA_KEY}"></div>`), RECAPTCHA_SCRIPT),
    challenge: { kind: 'recaptcha', vendor: 'recaptcha', blocking: false, inTheWay: false },
    block: null,
  },
  {
    name: 'reCAPTCHA v2 checkbox in a contact form, as api.js renders it',
    body: shopPage('Contact us', contactForm(renderedCheckbox) + bframe(false), RECAPTCHA_SCRIPT),
    challenge: { kind: 'recaptcha', vendor: 'recaptcha', blocking: false, inTheWay: false },
    block: null,
  },
  {
    name: 'reCAPTCHA v3 (and Enterprise) score scripts with their badge: not reported',
    body: shopPage('Sign in', loginForm('') + v3Badge, `<script src="https://www.google.com/recaptcha/api.js?render=${RECAPTCHA_V3_KEY}"></script>
<script src="https://www.google.com/recaptcha/enterprise.js?render=${RECAPTCHA_V3_KEY}"></script>
<script>window.grecaptcha && grecaptcha.ready(function () { grecaptcha.execute('${RECAPTCHA_V3_KEY}', { action: 'login' }); });</script>`),
    challenge: null,
    block: null,
  },
  {
    name: 'invisible reCAPTCHA v2 bound to a button: not reported while no challenge is open',
    body: shopPage('Newsletter', `<form id="newsletter" action="/newsletter" method="post"><input type="email" name="email">
<button class="g-recaptcha" data-sitekey="${RECAPTCHA_KEY}" data-callback="onSubmit" data-action="submit">Subscribe</button></form>` + bframe(false), RECAPTCHA_SCRIPT),
    challenge: null,
    block: null,
  },
  {
    name: 'invisible reCAPTCHA v2 with its image challenge open',
    body: shopPage('Newsletter', `<form id="newsletter" action="/newsletter" method="post"><input type="email" name="email">
<div class="g-recaptcha" data-sitekey="${RECAPTCHA_KEY}" data-size="invisible"></div><button>Subscribe</button></form>` + bframe(true), RECAPTCHA_SCRIPT),
    challenge: { kind: 'recaptcha', vendor: 'recaptcha', blocking: false, inTheWay: true },
    block: null,
  },
  {
    name: 'an empty div.g-recaptcha in an article, which no script renders: not in the way',
    body: articlePage('Night ferry stays', { inStory: `<div class="g-recaptcha" data-sitekey="${RECAPTCHA_KEY}"></div>` }),
    challenge: { kind: 'recaptcha', vendor: 'recaptcha', blocking: false, inTheWay: false },
    block: null,
  },
  {
    name: "a reCAPTCHA rendered in an article's comment form: not in the way",
    body: articlePage('Night ferry stays', { inComments: renderedCheckbox + bframe(false), head: RECAPTCHA_SCRIPT }),
    challenge: { kind: 'recaptcha', vendor: 'recaptcha', blocking: false, inTheWay: false },
    block: null,
  },
  {
    name: "Google's unusual-traffic page: a reCAPTCHA that is the whole page",
    status: 429,
    body: GOOGLE_SORRY,
    challenge: { kind: 'recaptcha', vendor: 'recaptcha', blocking: true, inTheWay: true },
    block: null,
  },
  {
    name: 'hCaptcha in a sign-in form',
    body: shopPage('Sign in', loginForm(`<div class="h-captcha" data-sitekey="${HCAPTCHA_KEY}"></div>`), HCAPTCHA_SCRIPT),
    challenge: { kind: 'hcaptcha', vendor: 'hcaptcha', blocking: false },
    block: null,
  },
  {
    name: 'hCaptcha gate page, as api.js renders it',
    body: gatePage(HCAPTCHA_SCRIPT, hcaptchaCheckbox),
    challenge: { kind: 'hcaptcha', vendor: 'hcaptcha', blocking: true },
    block: null,
  },
  {
    name: 'invisible hCaptcha: not reported',
    body: shopPage('Sign in', loginForm(`<div class="h-captcha" data-sitekey="${HCAPTCHA_KEY}" data-size="invisible"></div>`), HCAPTCHA_SCRIPT),
    challenge: null,
    block: null,
  },
  {
    name: 'Turnstile in a sign-in form',
    body: shopPage('Sign in', loginForm(`<div class="cf-turnstile" data-sitekey="${TURNSTILE_KEY}" data-theme="light"></div>`), TURNSTILE_SCRIPT),
    challenge: { kind: 'turnstile', vendor: 'turnstile', blocking: false },
    block: null,
  },
  {
    name: 'Turnstile gate page, as api.js renders it',
    body: gatePage(TURNSTILE_SCRIPT, `<div class="cf-turnstile" data-sitekey="${TURNSTILE_KEY}"><div>
  <iframe src="https://challenges.cloudflare.com/cdn-cgi/challenge-platform/h/g/turnstile/if/ov2/av0/rcv/qv0pa/${TURNSTILE_KEY}/light/fbE/new/normal/auto/" allow="cross-origin-isolated; fullscreen; autoplay" sandbox="allow-same-origin allow-scripts allow-popups" id="cf-chl-widget-qv0pa" tabindex="0" title="Widget containing a Cloudflare security challenge" style="border: none; overflow: hidden; width: 300px; height: 65px;"></iframe>
  <input type="hidden" name="cf-turnstile-response" id="cf-chl-widget-qv0pa_response"></div></div>`),
    challenge: { kind: 'turnstile', vendor: 'turnstile', blocking: true },
    block: null,
  },
  {
    name: 'GeeTest slider in a sign-in form',
    body: shopPage('Sign in', loginForm(`<div id="captcha-box"><div class="geetest_holder geetest_wind geetest_detect" style="width: 300px; height: 44px;"><div class="geetest_btn"><div class="geetest_radar_btn"><div class="geetest_radar_tip"><span class="geetest_radar_tip_content">Click to verify</span></div></div></div></div></div>`), '<script src="https://static.geetest.com/static/js/gt.0.4.9.js"></script>'),
    challenge: { kind: 'other', vendor: 'geetest', blocking: false },
    block: null,
  },
];

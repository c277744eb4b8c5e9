// Replicas of bot-management interstitials (the check is the page), with the headers their
// vendors send, and of normal pages carrying the same vendors' passive scripts.
import { loginForm, shopPage, type Case } from './shell.js';

const CF_HEADERS = { server: 'cloudflare', 'cf-ray': '8f02a1b2c3d4e5f6-LIS' };

const CF_MANAGED = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta http-equiv="X-UA-Compatible" content="IE=Edge"><meta name="robots" content="noindex,nofollow"><meta name="viewport" content="width=device-width,initial-scale=1"><style>*{box-sizing:border-box;margin:0;padding:0}html{line-height:1.15}body{display:flex;flex-direction:column;height:100vh;min-height:100vh}.main-content{margin:8rem auto;max-width:60rem;padding-left:1.5rem}</style></head>
<body class="no-js"><div class="main-wrapper" role="main"><div class="main-content"><noscript><div id="challenge-error-title"><div class="h2"><span class="icon-wrapper"><div class="heading-icon warning-icon"></div></span><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></div></noscript></div></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "shop.example",cType: 'managed',cNounce: '80125',cRay: '8f02a1b2c3d4e5f6',cHash: '1c5c1ecf7303d474',cUPMDTk: "\\/?__cf_chl_tk=QJq3kWm.1700000000-1.0.1.1-x7",cFPWv: 'g',cTTimeMs: '1000',cMTimeMs: '390000',cTplV: 5,cTplB: 'cf',cK: "",fa: "\\/?__cf_chl_f_tk=QJq3kWm.1700000000-1.0.1.1-x7",md: "3v5oZKJ1Q0",cRq: {ru: 'aHR0cHM6Ly9zaG9wLmV4YW1wbGUv',ra: 'TW96aWxsYS81LjA=',rm: 'R0VU',d: 'Zm9v',t: 'MTcwMDAwMDAwMC4wMDAwMDA=',cT: Math.floor(Date.now() / 1000),m: 'YmFy'}};var cpo = document.createElement('script');cpo.src = '/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8f02a1b2c3d4e5f6';window._cf_chl_opt.cOgUHash = location.hash;window._cf_chl_opt.cOgUQuery = location.search;document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>`;

const CF_JS_CHALLENGE = `<!DOCTYPE HTML><html lang="en-US"><head><meta charset="UTF-8" /><meta name="robots" content="noindex, nofollow" /><meta name="viewport" content="width=device-width,initial-scale=1" /><title>Just a moment...</title><style type="text/css">html, body {width: 100%; height: 100%; margin: 0; padding: 0;}</style></head>
<body><table width="100%" height="100%" cellpadding="20"><tr><td align="center" valign="middle">
<div class="cf-browser-verification cf-im-under-attack"><noscript><h1 data-translate="turn_on_js" style="color:#bd2426;">Please turn JavaScript on and reload the page.</h1></noscript>
<div id="cf-content"><div id="cf-bubbles"><div class="bubbles"></div><div class="bubbles"></div><div class="bubbles"></div></div>
<h1><span data-translate="checking_browser">Checking your browser before accessing</span> shop.example.</h1>
<p data-translate="process_is_automatic">This process is automatic. Your browser will redirect to your requested content shortly.</p><p data-translate="allow_5_secs">Please allow up to 5 seconds&hellip;</p></div>
<form class="challenge-form" id="challenge-form" action="/?__cf_chl_jschl_tk__=0a1b2c3d-1600000000-0-AXyz" method="POST" enctype="application/x-www-form-urlencoded">
<input type="hidden" name="r" value="9f8e7d6c"/><input type="hidden" name="jschl_vc" value="5a4b3c2d"/><input type="hidden" name="pass" value="1600000000.123-AbCd"/><input type="hidden" id="jschl-answer" name="jschl_answer"/></form></div>
<div class="attribution"><a href="https://www.cloudflare.com/5xx-error-landing?utm_source=iuam" target="_blank" style="font-size: 12px;">DDoS protection by Cloudflare</a><br />Ray ID: 5a1b2c3d4e5f6a7b</div>
</td></tr></table></body></html>`;

const dd = (rt: string, t: string): string =>
  `var dd={'rt':'${rt}','cid':'AHrlqAAAAAMA1b2c3d4e5f6AAAAA==','hsh':'0A1B2C3D4E5F60718293A4B5C6D7E8','t':'${t}','s':48047,'e':'d2d897db62073c9a1ca2406ba0863b4b5e34a39a0577683e2561b0767a77ce3b','host':'geo.captcha-delivery.com'}`;

const datadomePage = (rt: string, t: string, frame = ''): string => `<html lang="en"><head><title>shop.example</title><style>#cmsg{animation: A 1.5s;}@keyframes A{0%{opacity:0;}99%{opacity:0;}100%{opacity:1;}}</style></head>
<body style="margin:0"><p id="cmsg">Please enable JS and disable any ad blocker</p>
<script data-cfasync="false">${dd(rt, t)}</script><script data-cfasync="false" src="https://ct.captcha-delivery.com/${rt === 'i' ? 'i' : 'c'}.js"></script>${frame}</body></html>`;

const datadomeFrame = (t: string): string =>
  `<iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAAAAMA1b2c3d4e5f6AAAAA%3D%3D&amp;hash=0A1B2C3D4E5F60718293A4B5C6D7E8&amp;cid=k3~Xq&amp;t=${t}&amp;referer=https%3A%2F%2Fshop.example%2F&amp;s=48047" title="DataDome CAPTCHA" width="100%" height="100%" style="height:100vh;" frameborder="0" border="0" scrolling="yes"></iframe>`;

const PX_BLOCK = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="px-captcha"><title>Access to this page has been denied</title>
<style>.container{align-items:center;display:flex;flex-direction:column;justify-content:space-between;width:100%}.content{text-align:center}</style></head>
<body><section class="container"><div class="page-title-wrapper"><div class="page-title"><h1>Before we continue...</h1></div></div>
<div class="content-wrapper"><div class="content"><div id="px-captcha"></div><p>Press &amp; Hold to confirm you are<br>a human (and not a bot).</p></div></div>
<div class="page-footer-wrapper"><div class="page-footer"><p>Reference ID 0a1b2c3d-4e5f-11ee-8c90-0242ac120002</p></div></div></section>
<script>window._pxAppId = 'PXx7hd3K2a';window._pxJsClientSrc = '/x7hd3K2a/init.js';window._pxFirstPartyEnabled = true;window._pxVid = '';window._pxUuid = '0a1b2c3d-4e5f-11ee-8c90-0242ac120002';window._pxHostUrl = '/x7hd3K2a/xhr';</script>
<script>var s = document.createElement('script');s.src = '/x7hd3K2a/captcha/captcha.js?a=c&u=0a1b2c3d-4e5f-11ee-8c90-0242ac120002&v=&m=0';var p = document.getElementsByTagName('head')[0];p.insertBefore(s, null);</script></body></html>`;

const PX_SENSOR = `<script type="text/javascript">(function(){window._pxAppId = 'PXx7hd3K2a';var p = document.getElementsByTagName('script')[0],s = document.createElement('script');s.async = 1;s.src = '//client.perimeterx.net/PXx7hd3K2a/main.min.js';p.parentNode.insertBefore(s,p);}());</script>`;

const AWS_GOKU = `window.awsWafCookieDomainList = [];window.gokuProps = {"key":"AQIDAHjcYu/GjX+QlghicBgQ/7bFaQZ+m5FKCMDnO+vTbNg96AHDh0IR5c1ebHDvh2yl6X5rAAAAfjB8BgkqhkiG9w0BBwagbzBtAgEAMGgGCSqGSIb3DQEHATAeBglghkgBZQMEAS4wEQQM","iv":"CgAFRjIw2vAAABUM","context":"rVMBzN6AKHVtM2lEG6A1Uhk0I4q5Cp1y"};`;

const AWS_CHALLENGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title></title>
<script>${AWS_GOKU}</script><script src="https://1c5c1ecf7303.d474e66d.us-west-2.token.awswaf.com/1c5c1ecf7303/e8ef5a4bdd26/challenge.js"></script></head>
<body><div id="challenge-container"></div>
<script>AwsWafIntegration.saveReferrer();AwsWafIntegration.checkForceRefresh().then((forceRefresh) => {if (forceRefresh) {AwsWafIntegration.forceRefreshToken().then(() => window.location.reload(true));} else {AwsWafIntegration.getToken().then(() => window.location.reload(true));}});</script></body></html>`;

const AWS_CAPTCHA = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Human Verification</title><style>body{font-family:"Arial"}</style>
<script type="text/javascript">${AWS_GOKU}</script><script src="https://de5282c3ca0c.2f8e3d4f.us-east-2.captcha.awswaf.com/de5282c3ca0c/526cf06acb0d/1c8b8a4a4c7b/captcha.js"></script></head>
<body><div id="captcha-container"></div>
<script type="text/javascript">AwsWafIntegration.saveReferrer();window.addEventListener("load", function() {const container = document.querySelector("#captcha-container");CaptchaScript.renderCaptcha(container, async (voucher) => {await ChallengeScript.submitCaptcha(voucher);window.location.reload(true);});});</script>
<noscript><h1>JavaScript is disabled</h1>In order to continue, we need to verify that you're not a robot. This requires JavaScript. Enable JavaScript and then reload the page.</noscript></body></html>`;

const AMAZON_ROBOT_CHECK = `<!doctype html><html lang="en-us" class="a-no-js"><head><meta charset="utf-8"><title dir="ltr">Amazon.com</title></head>
<body><div class="a-container a-padding-double-large" style="min-width:350px;padding:44px 0 !important"><div class="a-row a-spacing-double-large" style="width: 350px; margin: 0 auto">
<div class="a-box a-alert a-alert-info a-spacing-base"><div class="a-box-inner"><h4>Enter the characters you see below</h4><p class="a-last">Sorry, we just need to make sure you're not a robot. For best results, please make sure your browser is accepting cookies.</p></div></div>
<form method="get" action="/errors/validateCaptcha" name=""><input type=hidden name="amzn" value="Vx3tBq9w==" /><input type=hidden name="amzn-r" value="&#047;" />
<h4>Type the characters you see in this image:</h4><div class="a-row a-text-center"><img src="https://images-na.ssl-images-amazon.com/captcha/usvmgloq/Captcha_kwnbwetcvq.jpg"></div>
<a onclick="window.location.reload()">Try different image</a><input autocomplete="off" spellcheck="false" placeholder="Type characters" id="captchacharacters" name="field-keywords" type="text">
<span class="a-button a-button-primary a-span12"><span class="a-button-inner"><button type="submit" class="a-button-text">Continue shopping</button></span></span></form>
<div class="a-text-center a-spacing-small a-size-mini"><a href="https://www.amazon.com/gp/help/customer/display.html/ref=footer_cou?ie=UTF8&nodeId=508088">Conditions of Use</a> <a href="https://www.amazon.com/gp/help/customer/display.html/ref=footer_privacy?ie=UTF8&nodeId=468496">Privacy Policy</a></div>
<div class="a-text-center a-size-mini a-color-secondary">&copy; 1996-2024, Amazon.com, Inc. or its affiliates</div></div></div></body></html>`;

export const INTERSTITIAL_CASES: Case[] = [
  {
    name: 'Cloudflare managed challenge: 403 with cf-mitigated',
    status: 403,
    headers: { ...CF_HEADERS, 'cf-mitigated': 'challenge' },
    body: CF_MANAGED,
    challenge: { kind: 'challenge', vendor: 'cloudflare', blocking: true },
    block: /HTTP 403/,
  },
  {
    name: 'Cloudflare managed challenge from its markup alone (200, no Cloudflare headers)',
    body: CF_MANAGED,
    challenge: { kind: 'challenge', vendor: 'cloudflare', blocking: true },
    block: null,
  },
  {
    name: 'Cloudflare JS challenge, older markup, 503 without cf-mitigated',
    status: 503,
    headers: CF_HEADERS,
    body: CF_JS_CHALLENGE,
    challenge: { kind: 'challenge', vendor: 'cloudflare', blocking: true },
    block: null,
  },
  {
    name: 'a cf-mitigated header on a page with no markers',
    status: 403,
    headers: { ...CF_HEADERS, 'cf-mitigated': 'challenge' },
    body: '<!doctype html><html><head><title>shop.example</title></head><body></body></html>',
    challenge: { kind: 'challenge', vendor: 'cloudflare', blocking: true },
    block: /HTTP 403/,
  },
  {
    name: 'a normal page behind Cloudflare, with its bot-detection script: not reported',
    headers: CF_HEADERS,
    body: shopPage('Spring collection', '<p>New arrivals every Thursday.</p>', '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js" async></script>'),
    challenge: null,
    block: null,
  },
  {
    name: 'DataDome CAPTCHA: 403 with x-dd-b',
    status: 403,
    headers: { 'x-datadome': 'protected', 'x-dd-b': '1', 'x-datadome-cid': 'AHrlqAAAAAMA1b2c3d4e5f6AAAAA==' },
    body: datadomePage('c', 'fe', datadomeFrame('fe')),
    challenge: { kind: 'challenge', vendor: 'datadome', blocking: true },
    block: /HTTP 403/,
  },
  {
    name: 'DataDome device check from its markup alone',
    body: datadomePage('i', 'fe'),
    challenge: { kind: 'challenge', vendor: 'datadome', blocking: true },
    block: null,
  },
  {
    name: 'DataDome ban (t=bv): a block page, not a challenge',
    status: 403,
    headers: { 'x-datadome': 'protected', 'x-dd-b': '2' },
    body: datadomePage('c', 'bv', datadomeFrame('bv')),
    challenge: null,
    block: /DataDome block page/,
  },
  {
    name: "a normal page with DataDome's tag and x-datadome header: not reported",
    headers: { 'x-datadome': 'protected' },
    body: shopPage('Spring collection', '<p>New arrivals every Thursday.</p>', `<script>window.ddjskey = '2211F522B61E269B869FA6EAFFB5E1';window.ddoptions = {};</script><script src="https://js.datadome.co/tags.js" async></script>`),
    challenge: null,
    block: null,
  },
  {
    name: 'PerimeterX block page with Press & Hold',
    status: 403,
    body: PX_BLOCK,
    challenge: { kind: 'challenge', vendor: 'perimeterx', blocking: true },
    // Also a refusal page by its title: callers ask detectChallenge first.
    block: /"Access to this page has been denied"/,
  },
  {
    name: 'PerimeterX challenge dialog over a normal page',
    body: shopPage('Spring collection', `<dialog class="perimeterx-async-challenge" open><h1>One Small Step</h1><h2>Please check the box below to continue your normal visit</h2><div id="px-captcha"></div></dialog>`, PX_SENSOR),
    challenge: { kind: 'challenge', vendor: 'perimeterx', blocking: true },
    block: null,
  },
  {
    name: "a normal page with PerimeterX's sensor: not reported",
    body: shopPage('Spring collection', '<p>New arrivals every Thursday.</p>', PX_SENSOR),
    challenge: null,
    block: null,
  },
  {
    name: 'AWS WAF challenge interstitial: 202 with x-amzn-waf-action',
    status: 202,
    headers: { 'x-amzn-waf-action': 'challenge', server: 'CloudFront' },
    body: AWS_CHALLENGE,
    challenge: { kind: 'challenge', vendor: 'aws_waf', blocking: true },
    block: null,
  },
  {
    name: 'AWS WAF CAPTCHA interstitial from its markup alone (405)',
    status: 405,
    body: AWS_CAPTCHA,
    challenge: { kind: 'challenge', vendor: 'aws_waf', blocking: true },
    block: null,
  },
  {
    name: 'AWS WAF CAPTCHA widget in a sign-in form',
    body: shopPage('Sign in', loginForm('<div id="captcha-box"><awswaf-captcha style="display: block; width: 320px; height: 120px;"></awswaf-captcha></div>'), '<script type="text/javascript" src="https://de5282c3ca0c.edge.captcha-sdk.awswaf.com/de5282c3ca0c/jsapi.js" defer></script>'),
    challenge: { kind: 'challenge', vendor: 'aws_waf', blocking: false },
    block: null,
  },
  {
    name: "a normal page with AWS WAF's token SDK: not reported",
    body: shopPage('Spring collection', '<p>New arrivals every Thursday.</p>', '<script type="text/javascript" src="https://1c5c1ecf7303.d474e66d.us-west-2.sdk.awswaf.com/1c5c1ecf7303/e8ef5a4bdd26/challenge.js" defer></script>'),
    challenge: null,
    block: null,
  },
  {
    name: "Amazon's robot check",
    body: AMAZON_ROBOT_CHECK,
    challenge: { kind: 'other', vendor: 'amazon', blocking: true },
    block: null,
  },
];

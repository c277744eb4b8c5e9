// Replicas of access-denied pages as CDNs and WAFs serve them (often with 200), and pages that
// only talk about such pages.
import { shopPage, type Case } from './shell.js';

const AKAMAI = `<HTML><HEAD>
<TITLE>Access Denied</TITLE>
</HEAD><BODY>
<H1>Access Denied</H1>

You don't have permission to access "http&#58;&#47;&#47;www&#46;shop&#46;example&#47;product&#47;42" on this server.<P>
Reference&#32;&#35;18&#46;6f3a2b17&#46;1700000000&#46;2c8d9e1
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;6f3a2b17&#46;1700000000&#46;2c8d9e1</P>
</BODY>
</HTML>`;

const cloudflareError = (title: string, header: string, section: string): string => `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head><title>${title}</title><meta charset="UTF-8" /><meta name="robots" content="noindex, nofollow" /><meta name="viewport" content="width=device-width,initial-scale=1" />
<link rel="stylesheet" id="cf_styles-css" href="/cdn-cgi/styles/cf.errors.css" /></head>
<body><div id="cf-wrapper">
<div class="cf-alert cf-alert-error cf-cookie-error" id="cookie-alert" data-translate="enable_cookies" style="display:none">Please enable cookies.</div>
<div id="cf-error-details" class="cf-error-details-wrapper">
<div class="cf-wrapper cf-header cf-error-overview">${header}</div>
<div class="cf-section cf-wrapper">${section}</div>
<div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
<p class="text-13"><span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">8f02a1b2c3d4e5f6</strong></span> <span class="cf-footer-separator sm:hidden">&bull;</span>
<span id="cf-footer-item-ip" class="cf-footer-item hidden sm:block sm:mb-1">Your IP: <button type="button" id="cf-footer-ip-reveal" class="cf-footer-ip-reveal-btn">Click to reveal</button> <span class="hidden" id="cf-footer-ip">192.0.2.10</span></span>
<span class="cf-footer-item sm:block sm:mb-1"><span>Performance &amp; security by</span> <a rel="noopener noreferrer" href="https://www.cloudflare.com/5xx-error-landing" id="brand_link" target="_blank">Cloudflare</a></span></p></div>
</div></div></body></html>`;

const CF_1020 = cloudflareError(
  'Access denied | shop.example used Cloudflare to restrict access',
  `<h1><span class="cf-error-type" data-translate="error">Error</span> <span class="cf-error-code">1020</span> <small class="heading-ray-id">Ray ID: 8f02a1b2c3d4e5f6 &bull; 2024-05-01 10:00:00 UTC</small></h1>
<h2 class="cf-subheadline" data-translate="error_desc">Access denied</h2>`,
  `<div class="cf-columns two"><div class="cf-column"><h2 data-translate="what_happened">What happened?</h2>
<p>This website is using a security service to protect itself from online attacks. The site owner may have set restrictions that prevent you from accessing the site.</p></div></div>`,
);

const CF_BLOCKED = cloudflareError(
  'Attention Required! | Cloudflare',
  `<h1 data-translate="block_headline">Sorry, you have been blocked</h1><h2 class="cf-subheadline"><span data-translate="unable_to_access">You are unable to access</span> shop.example</h2>`,
  `<div class="cf-columns two"><div class="cf-column"><h2 data-translate="blocked_why_headline">Why have I been blocked?</h2>
<p data-translate="blocked_why_detail">This website is using a security service to protect itself from online attacks. The action you just performed triggered the security solution. There are several actions that could trigger this block including submitting a certain word or phrase, a SQL command or malformed data.</p></div>
<div class="cf-column"><h2 data-translate="blocked_resolve_headline">What can I do to resolve this?</h2>
<p data-translate="blocked_resolve_detail">You can email the site owner to let them know you were blocked. Please include what you were doing when this page came up and the Cloudflare Ray ID found at the bottom of this page.</p></div></div>`,
);

const INCAPSULA = `<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"><meta name="format-detection" content="telephone=no"><meta name="viewport" content="initial-scale=1.0"><meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1"></head>
<body style="margin:0px;height:100%"><iframe id="main-iframe" src="/_Incapsula_Resource?CWUDNSAI=9&xinfo=10-12345678-0%200NNN%20RT%281700000000000%200%29%20q%280%20-1%20-1%20-1%29%20r%280%20-1%29&incident_id=1234000870123456789-123456789012345678&edet=12&cinfo=04000000&rpinfo=0&mth=GET" frameborder=0 width="100%" height="100%" marginheight="0px" marginwidth="0px">Request unsuccessful. Incapsula incident ID: 1234000870123456789-123456789012345678</iframe></body></html>`;

const SUCURI = `<!DOCTYPE html><html lang="en" xmlns="http://www.w3.org/1999/xhtml"><head><link rel="stylesheet" href="https://cdn.sucuri.net/sucuri-firewall-block.css" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Sucuri WebSite Firewall - Access Denied</title></head>
<body><div id="main-container"><header class="app-header clearfix"><div class="wrap"><a href="https://www.sucuri.net/?utm_source=firewall_block" class="logo"></a><span class="logo-neartext">Website Firewall</span><a href="https://sucuri.net/?utm_source=firewall_block" class="site-link">Back to sucuri.net</a></div></header>
<section class="app-content access-denied clearfix"><div class="box center width-max-940"><h1 class="brand-font font-size-xtra no-margin"><i class="icon-circle-red"></i>Access Denied - Sucuri Website Firewall</h1>
<p class="medium-text code-snippet">If you are the site owner (or you manage this site), please whitelist your IP or if you think this block is an error please <a href="https://support.sucuri.net/" class="color-green underline">open a support ticket</a> and make sure to include the block details (displayed in the box below), so we can assist you in troubleshooting the issue.</p>
<h2>Block details:</h2><table class="property-table overflow-break-all line-height-16"><tr><td>Your IP:</td><td><span>192.0.2.10</span></td></tr><tr><td>URL:</td><td><span>shop.example/wp-login.php</span></td></tr>
<tr><td>Block ID:</td><td><span>BNP005</span></td></tr><tr><td>Block reason:</td><td><span>Bad bot access attempt.</span></td></tr><tr><td>Time:</td><td><span>2024-05-01 10:00:00</span></td></tr><tr><td>Server ID:</td><td><span>14013</span></td></tr></table></div></section>
<footer><span>&copy; 2024 Sucuri Inc. All rights reserved.</span> <span id="privacy-policy"><a href="https://sucuri.net/privacy-policy?utm_source=firewall_block" target="_blank" rel="nofollow noopener">Privacy</a></span></footer></div></body></html>`;

const NGINX_403 = `<html>
<head><title>403 Forbidden</title></head>
<body>
<center><h1>403 Forbidden</h1></center>
<hr><center>nginx</center>
</body>
</html>`;

const CLOUDFRONT = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1"><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD><BODY>
<H1>403 ERROR</H1><H2>The request could not be satisfied.</H2><HR noshade size="1px">Request blocked.
We can't connect to the server for this app or website at this time. There might be too much traffic or a configuration error. Try again later, or contact the app or website owner.
<BR clear="all">If you provide content to customers through CloudFront, you can find steps to troubleshoot and help prevent this error by reviewing the CloudFront documentation.
<BR clear="all"><HR noshade size="1px"><PRE>Generated by cloudfront (CloudFront)
Request ID: 2Qe8h0Yb7eXyJb3qKgFQ8cS0vTT5F8Aq3fWkD9rRkVb8m1Qj0G8x7A==</PRE><ADDRESS></ADDRESS></BODY></HTML>`;

const ESSAY = [
  'Anyone who scrapes or automates the web meets refusal pages sooner or later. The most familiar is Akamai’s terse “Access Denied — You don’t have permission to access this resource on this server”, followed by a line such as Reference #18.6f3a2b17.1700000000.2c8d9e1 that support staff can look up.',
  'Cloudflare’s version says “Sorry, you have been blocked” and explains that the website is using a security service to protect itself from online attacks; its error 1020 page reads “Access denied” and names the site owner’s firewall rules. Imperva answers with “Request unsuccessful. Incapsula incident ID” and a long number, and Sucuri with “Access Denied - Sucuri Website Firewall”.',
  'Bot-management vendors go further and challenge the visitor: Cloudflare’s “Just a moment...” page runs a script before letting you through, and PerimeterX asks you to Press & Hold a button. None of these is an error in your code, and retrying at once rarely helps.',
  'What does help is slowing down, identifying your client honestly, and asking the site owner for access or an API. Many sites publish one, and using it is faster and kinder than fighting a firewall that was put there on purpose.',
  'In the rest of this article we go through each vendor’s page in turn, show what its headers look like, and list the documentation each vendor publishes for site owners who want to tune what their firewall lets through.',
];

const articlePage = (title: string, paragraphs: string[]): string => shopPage(title, paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n'));

const REVIEW = [
  '“Access Denied” opens in a server room in Lisbon, where a night-shift engineer notices that the building’s badge readers have started refusing everyone, including the director who hired her. What follows is a tight, ninety-minute thriller that never leaves the building.',
  'The script is smarter than its title. Access denied, in this film, is less a plot device than a mood: every door, every login and every phone call is a small refusal, and the tension comes from watching the lead find a way around each one without ever becoming a superhero.',
  'The cast is small and very good. The photography makes a fluorescent-lit office feel like a submarine, and the sound design — the click of a lock that will not open — does more than the score. Four stars, and well worth a late-night viewing.',
];

export const BLOCK_CASES: Case[] = [
  { name: 'Akamai "Access Denied" with a reference number, served 200', body: AKAMAI, challenge: null, block: /^Akamai block page/ },
  { name: 'Cloudflare error 1020 (403)', status: 403, headers: { server: 'cloudflare', 'cf-ray': '8f02a1b2c3d4e5f6-LIS' }, body: CF_1020, challenge: null, block: /^Cloudflare block page \(error 1020\)/ },
  { name: 'Cloudflare "Sorry, you have been blocked", served 200', body: CF_BLOCKED, challenge: null, block: /^Cloudflare block page .*you have been blocked/ },
  { name: 'Imperva Incapsula incident page, served 200', body: INCAPSULA, challenge: null, block: /^Imperva \(Incapsula\) block page/ },
  { name: 'Sucuri firewall block, served 200', headers: { server: 'Sucuri/Cloudproxy', 'x-sucuri-id': '14013' }, body: SUCURI, challenge: null, block: /^Sucuri block page/ },
  { name: 'nginx "403 Forbidden" page served 200', body: NGINX_403, challenge: null, block: /^"403 Forbidden" page/ },
  {
    name: 'a bare "Access denied" page served 200',
    body: '<!doctype html><html><head><meta charset="utf-8"><title>Access denied</title></head><body><h1>Access denied</h1><p>You do not have access to this resource from your network.</p></body></html>',
    challenge: null,
    block: /^"Access denied" page/,
  },
  { name: 'CloudFront "Request blocked" (403)', status: 403, headers: { server: 'CloudFront' }, body: CLOUDFRONT, challenge: null, block: /^Amazon CloudFront block page/ },
  {
    name: 'HTTP 451 with its default page',
    status: 451,
    body: '<!doctype html><html><head><title>451 Unavailable For Legal Reasons</title></head><body><h1>Unavailable For Legal Reasons</h1><p>This content is not available in your country.</p></body></html>',
    challenge: null,
    block: /451 Unavailable For Legal Reasons/,
  },
  { name: 'an article quoting block and challenge pages: neither', body: articlePage('Why websites say “Access denied”, and what to do about it', ESSAY), challenge: null, block: null },
  { name: 'a review of a film titled "Access Denied": neither', body: articlePage('Access Denied', REVIEW).replace(/<title>[^<]*<\/title>/, '<title>Access Denied</title>'), challenge: null, block: null },
  {
    name: 'a plain small page: neither',
    body: '<!doctype html><html><head><title>Example Domain</title></head><body><div><h1>Example Domain</h1><p>This domain is for use in illustrative examples in documents. You may use this domain in literature without prior coordination or asking for permission.</p><p><a href="https://www.iana.org/domains/example">More information...</a></p></div></body></html>',
    challenge: null,
    block: null,
  },
];

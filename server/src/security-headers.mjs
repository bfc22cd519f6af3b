/**
 * Security headers. Every response: no MIME sniffing, a referrer policy, the browser features the
 * site uses (camera, microphone and screen capture for calls on its own origin, nothing else),
 * and HSTS when the visitor came over HTTPS. The shell's documents also carry a
 * Content-Security-Policy built from its build: scripts only from its own origin and the remotes
 * in remotes.json (Module Federation loads them as plain script files, so no 'unsafe-eval'),
 * connections to the backend in config.json, and no framing by other sites. The policy is made
 * again when one of those files changes, so a remote moved by editing remotes.json is admitted at
 * once, as the shell follows it at once.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ALWAYS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()',
};

/** Twilio's signalling and media endpoints, allowed only when the build chose Twilio for calls. */
const TWILIO = ['https://*.twilio.com', 'wss://*.twilio.com'];

/**
 * The captcha widget's script, frames and checks, allowed only when config.json names the
 * provider (hCaptcha's and Cloudflare Turnstile's documented CSP sources).
 */
const CAPTCHA = {
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  turnstile: ['https://challenges.cloudflare.com'],
};

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const websocketOrigin = (origin) => origin.replace(/^http/, 'ws');

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Pages whose inline scripts the policy admits by hash: the shell's page and its server frame. */
const PAGES_WITH_INLINE_SCRIPTS = ['index.html', 'server-page.html'];
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;
/** A type attribute naming data (JSON, JSON-LD), which the browser never runs. */
const NON_SCRIPT_TYPE = /\btype\s*=\s*["']?(?!(text|application)\/javascript|module)/i;

/**
 * The hashes of the build's inline scripts (the server frame removes itself before paint for a
 * signed-in or dark-themed visitor, which cannot wait for a script file), so they run and no
 * other inline script does.
 */
function inlineScriptHashes(distDir) {
  const hashes = [];
  for (const page of PAGES_WITH_INLINE_SCRIPTS) {
    let html;
    try {
      html = readFileSync(path.join(distDir, page), 'utf8');
    } catch {
      continue;
    }
    for (const [, attributes = '', body] of html.matchAll(INLINE_SCRIPT)) {
      if (/\bsrc\s*=/.test(attributes) || NON_SCRIPT_TYPE.test(attributes) || !body.trim())
        continue;
      hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return hashes;
}

/**
 * The policy for a build folder: its remotes.json and config.json name the other origins the
 * page needs. Exported for tests.
 */
export function contentSecurityPolicy(distDir) {
  const remotes = Object.values(readJson(path.join(distDir, 'remotes.json')) ?? {})
    .map(originOf)
    .filter(Boolean);
  const config = readJson(path.join(distDir, 'config.json')) ?? {};
  const backend = originOf(config.supabaseUrl ?? '');
  const apis = backend ? [backend, websocketOrigin(backend)] : [];
  const calls = config.videoProvider === 'twilio' ? TWILIO : [];
  const captcha = CAPTCHA[config.captcha?.provider] ?? [];
  const list = (...sources) => [...new Set(sources.flat())].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", inlineScriptHashes(distDir), remotes, captcha)}`,
    // styled-components writes its rules into <style> elements at run time, and the server-rendered
    // page carries them inline; there is no build step that could hash them.
    `style-src ${list("'self'", "'unsafe-inline'", remotes, captcha)}`,
    `img-src ${list("'self'", 'data:', 'blob:', backend ?? [], remotes)}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", apis, remotes, calls, captcha)}`,
    ...(captcha.length > 0 ? [`frame-src ${list(captcha)}`] : []),
    `media-src ${list("'self'", 'blob:', 'mediastream:', backend ?? [])}`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

const cameOverHttps = (request) =>
  Boolean(request.socket?.encrypted) ||
  String(request.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim() === 'https';

/**
 * Headers for an app's server: `forEveryResponse(request)` and `forDocument()` (the HTML page).
 * `distDir` is given for the shell, whose page loads the remotes; a remote's own page (used only
 * when it runs alone) gets a policy without remote origins.
 */
export function createSecurityHeaders(distDir) {
  let cached = { policy: contentSecurityPolicy(distDir), stamp: stampOf(distDir) };
  const policy = () => {
    const stamp = stampOf(distDir);
    if (stamp !== cached.stamp) cached = { policy: contentSecurityPolicy(distDir), stamp };
    return cached.policy;
  };
  return {
    forEveryResponse: (request) =>
      cameOverHttps(request)
        ? { ...ALWAYS, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
        : ALWAYS,
    forDocument: () => ({
      'Content-Security-Policy': policy(),
      'X-Frame-Options': 'DENY',
    }),
  };
}

function stampOf(distDir) {
  return ['remotes.json', 'config.json', ...PAGES_WITH_INLINE_SCRIPTS]
    .map((name) => {
      try {
        return statSync(path.join(distDir, name)).mtimeMs;
      } catch {
        return 0;
      }
    })
    .join(':');
}

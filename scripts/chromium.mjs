/**
 * Debian's Chromium (/usr/bin/chromium, from apt), never a downloaded browser; CHROMIUM_PATH
 * overrides. Without the background-networking flags Chromium keeps dialling out, which this
 * machine's closed network refuses.
 */
export function chromiumLaunchOptions() {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}

/**
 * Messaging in the browser, the way people use it: two browser contexts signed in as two users.
 *
 * 1. Delivery: A types a message in the thread and presses Enter; we time from the Enter keydown
 *    in A to the text appearing in B's DOM (a MutationObserver in B). Both pages run in the same
 *    browser on this machine, so `performance.timeOrigin + performance.now()` is one wall clock.
 *    References, same run: Enter to the message shown in A's own thread (the optimistic render),
 *    and Enter to A's message marked "sent" (the send_message round trip).
 *    Budget: p95 at most 150 ms.
 * 2. A 5,000-message thread (seeded through the service role): from the click in the
 *    conversation list to the newest message rendered, and the same from a cold page load
 *    (navigation start). Reference: the same for a 50-message thread in the same run.
 *    Budget: under 300 ms. Then a fling to the top (the list scrolled up 800 px a frame) until
 *    the oldest message is rendered, older pages loading on the way, with frame gaps and long
 *    tasks (PerformanceObserver 'longtask') recorded.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, serviceClient, test, type TestUser } from '../../e2e/support/users';
import { apiAs, pageFor } from '../../e2e/specs/messaging/messaging-support';

const LABEL = process.env.MESSAGING_BENCH_LABEL ?? 'pglite';
const MESSAGES = Number(process.env.MESSAGING_BENCH_MESSAGES ?? 50);
const GAP_MS = 300;
const OPENS = Number(process.env.MESSAGING_BENCH_OPENS ?? 7);

interface Stamps {
  sent: Record<string, number>;
  seen: Record<string, number>;
  acked: Record<string, number>;
}
declare global {
  interface Window {
    benchStamps?: Stamps;
    benchLongTasks?: number[];
  }
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return `p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (n=${sorted.length})`;
}

/**
 * Records, in the page, when each bench token ("bench-<n>-") is typed (Enter keydown), appears
 * in the DOM, and shows as sent. Tokens are recorded once, the first time.
 */
function watchTokens(page: Page) {
  return page.evaluate(() => {
    const stamps: Stamps = { sent: {}, seen: {}, acked: {} };
    window.benchStamps = stamps;
    const now = () => performance.timeOrigin + performance.now();
    const tokens = (text: string | null) => text?.match(/bench-\d+-/g) ?? [];
    window.addEventListener(
      'keydown',
      (event) => {
        const target = event.target as HTMLTextAreaElement;
        if (event.key !== 'Enter' || target.tagName !== 'TEXTAREA') return;
        for (const token of tokens(target.value)) stamps.sent[token] ??= now();
      },
      true,
    );
    new MutationObserver((records) => {
      const at = now();
      for (const record of records) {
        if (record.type === 'attributes') {
          const row = record.target as HTMLElement;
          if (row.dataset.status === 'sent' || row.dataset.status === 'read')
            for (const token of tokens(row.textContent)) stamps.acked[token] ??= at;
          continue;
        }
        // Only the thread itself: not the composer's text, nor the conversation list's preview.
        if (!(record.target as Element).closest?.('[role="log"]')) continue;
        for (const node of Array.from(record.addedNodes)) {
          for (const token of tokens(node.textContent)) {
            stamps.seen[token] ??= at;
            const row = (node as HTMLElement).querySelector?.('[data-testid="message"]');
            const status = row?.getAttribute('data-status');
            if (status === 'sent' || status === 'read') stamps.acked[token] ??= at;
          }
        }
      }
    }).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
}

const stampsOf = (page: Page) => page.evaluate(() => window.benchStamps!);

test('a message sent in one browser, rendered in the other', async ({ browser, makeUser }) => {
  const business = await makeUser({ accountType: 'business', name: 'Bench Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Bench Pro' });
  const a = await pageFor(browser, business);
  const b = await pageFor(browser, professional);
  await a.goto(`/messages?to=${professional.id}`);
  const composer = a.getByLabel('Message', { exact: true });
  await composer.fill('Hello, a few quick questions');
  await composer.press('Enter');
  await expect(a).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await b.goto(new URL(a.url()).pathname);
  await expect(
    b.getByRole('log', { name: 'Messages' }).getByText('Hello, a few quick questions'),
  ).toBeVisible();
  await watchTokens(a);
  await watchTokens(b);
  // A short warm-up, not counted: the first sends after the page opened.
  const tokens = Array.from({ length: MESSAGES + 3 }, (_, i) => `bench-${i}-`);
  for (const token of tokens) {
    await composer.fill(`${token} a message of ordinary length about the work`);
    await composer.press('Enter');
    await expect(b.getByRole('log', { name: 'Messages' }).getByText(token)).toBeVisible();
    await a.waitForTimeout(GAP_MS);
  }
  const [sender, recipient] = [await stampsOf(a), await stampsOf(b)];
  const counted = tokens.slice(3);
  const delivery = counted.map((t) => recipient.seen[t]! - sender.sent[t]!);
  const local = counted.map((t) => sender.seen[t]! - sender.sent[t]!);
  const acked = counted.map((t) => sender.acked[t]! - sender.sent[t]!);
  console.log(`[${LABEL}] Enter in A -> rendered in B: ${summary(delivery)}`);
  console.log(`[${LABEL}] reference, Enter in A -> shown in A (optimistic): ${summary(local)}`);
  console.log(`[${LABEL}] reference, Enter in A -> marked sent in A: ${summary(acked)}`);
});

/** A conversation from `from` to `to` whose newest message is `newest`, with `older` before it. */
async function seededThread(from: TestUser, to: TestUser, older: number, newest: string) {
  const api = await apiAs(from);
  const sent = await api.rpc('send_message', {
    p_client_id: randomUUID(),
    p_content: newest,
    p_recipient_id: to.id,
  });
  api.realtime.disconnect();
  if (sent.error) throw sent.error;
  const id = (sent.data as { conversation_id: string }).conversation_id;
  const service = serviceClient();
  const start = Date.now() - (older + 60) * 1000;
  for (let done = 0; done < older; done += 500) {
    const batch = Array.from({ length: Math.min(500, older - done) }, (_, k) => ({
      conversation_id: id,
      sender_id: (done + k) % 2 ? to.id : from.id,
      content: `seeded message ${done + k} with a little text to read`,
      created_at: new Date(start + (done + k) * 1000).toISOString(),
    }));
    const { error } = await service.from('messages').insert(batch);
    if (error) throw error;
  }
  return id;
}

/** Resolves (in the page) with the wall-clock time `text` first appears in the DOM. */
function whenRendered(page: Page, text: string) {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        // The thread's log only: the conversation list shows the newest message as a preview.
        const check = () =>
          document
            .querySelector('[role="log"][aria-label="Messages"]')
            ?.textContent?.includes(wanted) ?? false;
        if (check()) return resolve(performance.timeOrigin + performance.now());
        new MutationObserver((_, observer) => {
          if (!check()) return;
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        }).observe(document.documentElement, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      }),
    text,
  );
}

async function openFromList(page: Page, id: string, newest: string): Promise<number> {
  await page.goto('/messages');
  const link = page.locator(`a[href="/messages/${id}"]`);
  await expect(link).toBeVisible({ timeout: 30_000 });
  const rendered = whenRendered(page, newest);
  const clicked = await link.evaluate((element) => {
    const at = performance.timeOrigin + performance.now();
    (element as HTMLAnchorElement).click();
    return at;
  });
  return (await rendered) - clicked;
}

async function openCold(page: Page, id: string, newest: string): Promise<number> {
  await page.goto('/messages');
  await page.goto(`/messages/${id}`, { waitUntil: 'commit' });
  const rendered = await whenRendered(page, newest);
  return rendered - (await page.evaluate(() => performance.timeOrigin));
}

interface Fling {
  ms: number;
  reachedTop: boolean;
  oldestSeen: number;
  nudges: number;
  gaps: number[];
  longTasks: number[];
}

/**
 * Flings the thread to its top, 800 px a frame, until the oldest message is rendered (or two
 * minutes pass). When the list sits at scrollTop 0 for half a second with no page loading, no
 * further scroll event can fire, so we move it down 400 px and carry on, as a reader would, and
 * count those nudges.
 */
function flingToTop(page: Page, oldest: string) {
  return page.evaluate(
    (wanted) =>
      new Promise<Fling>((resolve) => {
        const longTasks: number[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration);
        }).observe({ type: 'longtask' });
        const log = document.querySelector('[role="log"][aria-label="Messages"]')!;
        const started = performance.now();
        const gaps: number[] = [];
        let last = started;
        let oldestSeen = Infinity;
        let stuckSince: number | null = null;
        let nudges = 0;
        const frame = (at: number) => {
          gaps.push(at - last);
          last = at;
          const text = log.textContent ?? '';
          for (const match of text.matchAll(/seeded message (\d+) /g))
            oldestSeen = Math.min(oldestSeen, Number(match[1]));
          const reachedTop = text.includes(wanted);
          if (reachedTop || at - started > 120_000) {
            resolve({ ms: at - started, reachedTop, oldestSeen, nudges, gaps, longTasks });
            return;
          }
          const loading = text.includes('Loading earlier messages');
          if (log.scrollTop === 0 && !loading) {
            stuckSince ??= at;
            if (at - stuckSince > 500) {
              log.scrollTop = 400;
              nudges++;
              stuckSince = null;
            }
          } else {
            stuckSince = null;
            log.scrollTop -= 800;
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    oldest,
  );
}

test('a 5,000-message thread opens and scrolls to the top', async ({ browser, makeUser }) => {
  const professional = await makeUser({ accountType: 'professional', name: 'Bench Pro' });
  const longFrom = await makeUser({ accountType: 'business', name: 'Long Thread Business' });
  const shortFrom = await makeUser({ accountType: 'business', name: 'Short Thread Business' });
  const longNewest = `newest of the long thread ${randomUUID().slice(0, 8)}`;
  const shortNewest = `newest of the short thread ${randomUUID().slice(0, 8)}`;
  const seedStarted = Date.now();
  const longId = await seededThread(longFrom, professional, 4999, longNewest);
  const shortId = await seededThread(shortFrom, professional, 49, shortNewest);
  console.log(`[${LABEL}] seeded 5,000 + 50 messages in ${Date.now() - seedStarted} ms`);
  const page = await pageFor(browser, professional);
  // Warm-up, not counted: the first visit loads and caches the app's code.
  await openFromList(page, shortId, shortNewest);
  await openFromList(page, longId, longNewest);

  const opened = { long: [] as number[], short: [] as number[] };
  const cold = { long: [] as number[], short: [] as number[] };
  for (let i = 0; i < OPENS; i++) {
    opened.long.push(await openFromList(page, longId, longNewest));
    opened.short.push(await openFromList(page, shortId, shortNewest));
    cold.long.push(await openCold(page, longId, longNewest));
    cold.short.push(await openCold(page, shortId, shortNewest));
  }
  console.log(
    `[${LABEL}] 5,000-message thread, click in list -> newest rendered: ${summary(opened.long)}`,
  );
  console.log(`[${LABEL}] reference, 50-message thread, the same: ${summary(opened.short)}`);
  console.log(
    `[${LABEL}] 5,000-message thread, page load -> newest rendered: ${summary(cold.long)}`,
  );
  console.log(`[${LABEL}] reference, 50-message thread, the same: ${summary(cold.short)}`);

  await openFromList(page, longId, longNewest);
  const rows = await page.getByTestId('message').count();
  const fling = await flingToTop(page, 'seeded message 0 with');
  const sorted = [...fling.gaps].sort((x, y) => x - y);
  const over = (ms: number) => fling.gaps.filter((gap) => gap > ms).length;
  const taskTotal = fling.longTasks.reduce((sum, ms) => sum + ms, 0);
  console.log(
    `[${LABEL}] fling to the top of 5,000 (99 older pages): ` +
      `${fling.reachedTop ? 'reached the top' : `stopped at seeded message ${fling.oldestSeen}`} in ` +
      `${(fling.ms / 1000).toFixed(1)} s, nudges ${fling.nudges}, ` +
      `${fling.gaps.length} frames, frame p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, ` +
      `p95 ${sorted[Math.ceil(sorted.length * 0.95) - 1]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms, ` +
      `frames over 50 ms: ${over(50)}, over 100 ms: ${over(100)}; long tasks: ${fling.longTasks.length}, ` +
      `total ${taskTotal.toFixed(0)} ms, longest ${Math.max(0, ...fling.longTasks).toFixed(0)} ms; ` +
      `rows in the DOM at open: ${rows}, at the top: ${await page.getByTestId('message').count()}`,
  );
});

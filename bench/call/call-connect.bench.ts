/**
 * Call connect on loopback, peer-to-peer: two browser contexts open the call room, both press
 * Join at once, and we measure from the moment the later of the two has joined the signalling
 * channel to the first remote video frame shown on the slower side (requestVideoFrameCallback,
 * wall clock shared by both pages). Budget: at most 2 s.
 */
import { expect, test } from '../../e2e/support/users';
import { conversationBetween } from '../../e2e/specs/messaging/call-support';
import { pageFor } from '../../e2e/specs/messaging/messaging-support';

const RUNS = Number(process.env.CALL_BENCH_RUNS ?? 7);

test('call connect, P2P on loopback', async ({ browser, makeUser }) => {
  const business = await makeUser({ accountType: 'business', name: 'Bench Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Bench Pro' });
  const conversationId = await conversationBetween(business, professional);
  const pages = [await pageFor(browser, business), await pageFor(browser, professional)];
  const figures: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const page of pages) {
      await page.goto(`/messages/${conversationId}/call`);
      await expect(page.getByRole('button', { name: 'Join call' })).toBeEnabled({
        timeout: 30_000,
      });
    }
    await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Join call' }).click()));
    const times = await Promise.all(
      pages.map(async (page) => {
        const remote = page.getByTestId('remote-video');
        await remote
          .and(page.locator('[data-first-frame-at]:not([data-first-frame-at=""])'))
          .waitFor();
        const joined = Number(await page.getByTestId('in-call').getAttribute('data-joined-at'));
        const frame = Number(await remote.getAttribute('data-first-frame-at'));
        return { joined, frame };
      }),
    );
    const bothJoined = Math.max(...times.map((t) => t.joined));
    const lastFrame = Math.max(...times.map((t) => t.frame));
    figures.push(lastFrame - bothJoined);
    for (const page of pages) await page.getByRole('button', { name: 'End call' }).click();
  }
  const sorted = [...figures].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `call connect (both joined -> first remote frame on both sides), P2P loopback: ` +
      `median ${median} ms, max ${sorted.at(-1)} ms, runs ${figures.join(', ')} ms (n=${figures.length})`,
  );
});

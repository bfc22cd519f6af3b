import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../../support/users';
import { conversationBetween, fakeMediaLaunchOptions, remoteFrame } from './call-support';
import { apiAs, pageFor } from './messaging-support';

// Two browsers with live video, a backend and six app servers share two cores: allow for it.
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ launchOptions: fakeMediaLaunchOptions() });

async function seriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('#main-content').analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The remote video is live: frames advance and the picture changes between two looks. */
async function expectRemoteVideoAdvancing(page: Page) {
  await expect
    .poll(async () => (await remoteFrame(page)).width, { message: 'remote video has size' })
    .toBeGreaterThan(0);
  const first = await remoteFrame(page);
  await page.waitForTimeout(600);
  const second = await remoteFrame(page);
  expect(second.frames).toBeGreaterThan(first.frames);
  expect(second.hash).not.toBe(first.hash);
}

test('two parties call peer-to-peer: video both ways, screen share, stats, and the call in the thread', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(240_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Priya Patel' });
  const stranger = await makeUser({ accountType: 'professional', name: 'Sam Stranger' });
  const conversationId = await conversationBetween(business, professional);
  const biz = await pageFor(browser, business);
  const pro = await pageFor(browser, professional);

  // The thread header starts the call; the other party opens the same room.
  await biz.goto(`/messages/${conversationId}`);
  await biz.getByRole('link', { name: 'Start video call' }).click();
  await expect(biz).toHaveURL(`/messages/${conversationId}/call`);
  await pro.goto(`/messages/${conversationId}/call`);

  // Pre-call check: devices to choose, a preview, a microphone level that moves.
  for (const page of [biz, pro]) {
    await expect(page.getByRole('heading', { name: /^Video call with / })).toBeVisible();
    await expect(page.getByLabel('Camera', { exact: true })).not.toBeDisabled();
    await expect(page.getByLabel('Microphone', { exact: true })).not.toBeDisabled();
    await expect(page.getByRole('button', { name: 'Join call' })).toBeEnabled();
  }
  await expect
    .poll(() => biz.getByTestId('mic-level').evaluate((m) => (m as HTMLMeterElement).value))
    .toBeGreaterThan(0);
  expect(await seriousViolations(biz)).toEqual([]);

  await biz.getByRole('button', { name: 'Join call' }).click();
  await expect(biz.getByText('Waiting for Priya Patel to join…')).toBeVisible();
  await pro.getByRole('button', { name: 'Join call' }).click();
  await expect(biz.getByText('Connected to Priya Patel')).toBeVisible();
  await expect(pro.getByText('Connected to Bianca Business')).toBeVisible();

  // Each side's remote video is live.
  await expectRemoteVideoAdvancing(biz);
  await expectRemoteVideoAdvancing(pro);
  await expect(biz.getByTestId('call-timer')).not.toHaveText('0:00');

  // The stats panel shows the resolution actually received, as the video element decodes it.
  await pro.getByText('Call statistics').click();
  const received = await remoteFrame(pro);
  await expect(pro.getByTestId('stats-remote-resolution')).toContainText(
    `${received.width}×${received.height}`,
  );
  await expect(pro.getByTestId('stats-camera-resolution')).toHaveText(/^\d+×\d+$/);
  await expect(pro.getByTestId('network-quality')).toHaveAttribute(
    'data-quality',
    /good|fair|poor/,
  );

  // Mute reaches the other side.
  await biz.getByRole('button', { name: 'Mute' }).click();
  await expect(pro.getByText('Bianca Business is muted', { exact: false })).toBeVisible();

  // Screen share arrives as the business's screen, still moving.
  await biz.getByRole('button', { name: 'Share screen' }).click();
  await expect(biz.getByRole('button', { name: 'Stop sharing' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(pro.getByTestId('remote-video')).toHaveAttribute('data-source', 'screen');
  await expect(
    pro.getByText('Bianca Business is sharing their screen', { exact: false }),
  ).toBeVisible();
  await expectRemoteVideoAdvancing(pro);
  expect(await seriousViolations(pro)).toEqual([]);
  expect(await seriousViolations(biz)).toEqual([]);

  // Recording: asked by one, accepted by the other, shown to both, streamed while the call runs
  // into one resumable (TUS) upload that is not an object until the recording ends.
  const created = biz.waitForResponse(
    (response) =>
      response.url().endsWith('/storage/v1/upload/resumable') &&
      response.request().method() === 'POST',
  );
  await biz.getByRole('button', { name: 'Ask to record' }).click();
  const request = pro.getByRole('alertdialog', { name: 'Recording request' });
  await expect(request).toContainText('Bianca Business asks to record this call.');
  expect(await seriousViolations(pro)).toEqual([]);
  await request.getByRole('button', { name: 'Accept recording' }).click();
  await expect(biz.getByTestId('recording-indicator')).toBeVisible();
  await expect(pro.getByTestId('recording-indicator')).toBeVisible();
  expect((await created).status()).toBe(201);
  const proApi = await apiAs(professional);
  const recordings = proApi.storage.from('call-recordings');
  const stored = async () =>
    ((await recordings.list(`${conversationId}/${business.id}`)).data ?? []).length;
  expect(await stored()).toBe(0);
  // Let the call be recorded for a while: the recorder hands over its pieces every 2 s, and a
  // recording stopped within a moment of starting can hold no video at all on a busy machine.
  await biz.waitForTimeout(5000);
  const finalPatch = biz.waitForResponse(
    (response) =>
      response.url().includes('/storage/v1/upload/resumable/') &&
      response.request().method() === 'PATCH' &&
      response.request().headers()['upload-length'] !== undefined,
  );
  // The professional withdraws consent: recording stops on both sides and is saved.
  await pro.getByRole('button', { name: 'Stop recording' }).click();
  await expect(pro.getByTestId('recording-indicator')).toHaveCount(0);
  await expect(biz.getByTestId('recording-indicator')).toHaveCount(0);
  await expect(biz.getByText('Priya Patel stopped the recording.')).toBeVisible();
  await expect(biz.getByText('Recording saved to your Files.')).toBeVisible();
  expect((await finalPatch).status()).toBe(204);
  expect(await stored()).toBe(1);
  for (const who of [business, professional]) {
    const api = await apiAs(who);
    const { data } = await api
      .from('files')
      .select('name, storage_path, mime_type')
      .eq('bucket', 'call-recordings');
    expect(data).toEqual([
      expect.objectContaining({
        name: expect.stringMatching(
          /^Video call, Bianca Business and Priya Patel, .+ \(\d+:\d\d\)\.webm$/,
        ),
        mime_type: 'video/webm',
      }),
    ]);
    api.realtime.disconnect();
  }
  const { data: saved } = await proApi
    .from('files')
    .select('storage_path')
    .eq('bucket', 'call-recordings')
    .single();
  const file = await recordings.download((saved as { storage_path: string }).storage_path);
  const bytes = [...new Uint8Array(await file.data!.arrayBuffer())];
  expect(bytes.slice(0, 4)).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  // It plays: the browser decodes its video.
  const played = await pro.evaluate(async (data) => {
    const video = document.createElement('video');
    video.muted = true;
    video.src = URL.createObjectURL(new Blob([new Uint8Array(data)], { type: 'video/webm' }));
    await new Promise((resolve, reject) => {
      video.onloadeddata = resolve;
      video.onerror = () => reject(new Error('cannot play'));
    });
    return { width: video.videoWidth, height: video.videoHeight };
  }, bytes);
  expect(played).toEqual({ width: 1280, height: 720 });
  proApi.realtime.disconnect();

  // A third signed-in user cannot join the call's channel.
  const outsider = await apiAs(stranger);
  const refused = await new Promise<string>((resolve) => {
    outsider
      .channel(`call:${conversationId}`, { config: { private: true } })
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED' && status !== 'CLOSED') resolve(status);
        if (status === 'SUBSCRIBED') resolve(status);
      });
  });
  expect(refused).toBe('CHANNEL_ERROR');
  outsider.realtime.disconnect();

  // Ending: the other side is told, and the call appears in the conversation with its length.
  await biz.getByRole('button', { name: 'End call' }).click();
  await expect(biz.getByText(/Call ended after \d+:\d\d/)).toBeVisible();
  await expect(pro.getByText('Waiting for Bianca Business to join…')).toBeVisible();
  await pro.getByRole('button', { name: 'End call' }).click();
  await pro.getByRole('link', { name: 'Back to the conversation' }).click();
  const event = pro.getByRole('log', { name: 'Messages' }).getByTestId('call-event');
  await expect(event).toHaveCount(1);
  await expect(event).toContainText(/Video call · \d+:\d\d/);
  await biz.goto(`/messages/${conversationId}`);
  await expect(biz.getByRole('log', { name: 'Messages' }).getByTestId('call-event')).toHaveCount(1);

  // The recording is in both parties' Files.
  for (const page of [biz, pro]) {
    await page.goto('/dashboard?tab=files');
    await expect(
      page.getByText(/^Video call, Bianca Business and Priya Patel, .+\.webm$/),
    ).toBeVisible();
  }
});

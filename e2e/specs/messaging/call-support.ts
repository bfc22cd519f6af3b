/**
 * Helpers for the video-call specs and the call-connect bench: Chromium with fake camera,
 * microphone and screen, a conversation between two users, and reading the remote video.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import type { TestUser } from '../../support/users';
import { apiAs } from './messaging-support';

/** Fake devices and no permission prompts: getUserMedia and getDisplayMedia answer at once. */
export function fakeMediaLaunchOptions() {
  const base = chromiumLaunchOptions();
  return {
    ...base,
    args: [...base.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  };
}

/** The pair's conversation, started by `from` with a first message. */
export async function conversationBetween(from: TestUser, to: TestUser): Promise<string> {
  const api = await apiAs(from);
  const { data, error } = await api.rpc('send_message', {
    p_client_id: randomUUID(),
    p_content: 'Shall we talk on a video call?',
    p_recipient_id: to.id,
  });
  if (error) throw error;
  api.realtime.disconnect();
  return (data as { conversation_id: string }).conversation_id;
}

/** Frames the remote <video> has shown, and a fingerprint of what it shows now. */
export function remoteFrame(page: Page) {
  return page.getByTestId('remote-video').evaluate((element) => {
    const video = element as HTMLVideoElement;
    // Connected, but no frame decoded yet: nothing to draw, and the caller polls again.
    if (video.videoWidth === 0) return { frames: 0, width: 0, height: 0, hash: 0 };
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(video, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0;
    for (let i = 0; i < pixels.length; i += 64) hash = (hash * 31 + pixels[i]!) >>> 0;
    return {
      frames: video.getVideoPlaybackQuality().totalVideoFrames,
      width: video.videoWidth,
      height: video.videoHeight,
      hash,
    };
  });
}

import {
  callTopic,
  CallRefusedError,
  chooseProvider,
  SETUP_FAILED,
  type FetchVideoToken,
} from './select-provider';

const target = { conversationId: 'c-1', appointmentId: null };
const answering =
  (status: number, body: Record<string, string> | null): FetchVideoToken =>
  async () => ({ status, body });

describe('chooseProvider', () => {
  test('peer-to-peer when the runtime config says p2p, without asking for a token', async () => {
    const fetchToken = jest.fn<ReturnType<FetchVideoToken>, Parameters<FetchVideoToken>>();
    expect(await chooseProvider({ videoProvider: 'p2p' }, target, fetchToken)).toEqual({
      kind: 'p2p',
      reason: null,
    });
    expect(fetchToken).not.toHaveBeenCalled();
  });

  test('Twilio when configured and the function mints a token for this call', async () => {
    const fetchToken = jest.fn(answering(200, { token: 'jwt', room: 'promatch-c-1' }));
    expect(await chooseProvider({ videoProvider: 'twilio' }, target, fetchToken)).toEqual({
      kind: 'twilio',
      token: 'jwt',
      room: 'promatch-c-1',
    });
    expect(fetchToken).toHaveBeenCalledWith(target);
  });

  test('peer-to-peer when the server answers that Twilio is not configured (503)', async () => {
    const choice = await chooseProvider(
      { videoProvider: 'twilio' },
      target,
      answering(503, { error: 'Video calls through Twilio are not configured on this server.' }),
    );
    expect(choice).toEqual({
      kind: 'p2p',
      reason: 'Video calls through Twilio are not configured on this server.',
    });
  });

  test('a refusal stops the call instead of falling back', async () => {
    await expect(
      chooseProvider(
        { videoProvider: 'twilio' },
        target,
        answering(403, { error: 'Only the two…' }),
      ),
    ).rejects.toEqual(new CallRefusedError('Only the two…'));
  });

  test('other failures ask to try again rather than split the two parties across providers', async () => {
    await expect(
      chooseProvider({ videoProvider: 'twilio' }, target, answering(500, null)),
    ).rejects.toThrow(SETUP_FAILED);
    await expect(
      chooseProvider({ videoProvider: 'twilio' }, target, () =>
        Promise.reject(new Error('offline')),
      ),
    ).rejects.toThrow(SETUP_FAILED);
  });
});

test('the signalling channel is the appointment’s when there is one, else the conversation’s', () => {
  expect(callTopic(target)).toBe('call:c-1');
  expect(callTopic({ conversationId: 'c-1', appointmentId: 'a-9' })).toBe('call:a-9');
});

import { trackSettled } from './track-settled';

it('marks a fulfilled promise with its value', async () => {
  const tracked = trackSettled(Promise.resolve(42));
  expect(tracked.status).toBeUndefined();
  await tracked;
  expect(tracked).toMatchObject({ status: 'fulfilled', value: 42 });
});

it('marks a rejected promise with its reason, and the rejection still reaches its callers', async () => {
  const failure = new Error('chunk failed');
  const tracked = trackSettled(Promise.reject(failure));
  await expect(tracked).rejects.toBe(failure);
  expect(tracked).toMatchObject({ status: 'rejected', reason: failure });
});

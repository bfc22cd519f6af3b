import { consentOff, consentReducer, type ConsentEvent, type ConsentState } from './consent';

const steps = (events: ConsentEvent[], start: ConsentState = consentOff) => {
  let state = start;
  const sent = [];
  for (const event of events) {
    const step = consentReducer(state, event, 'Priya');
    state = step.state;
    if (step.send) sent.push(step.send.kind);
  }
  return { state, sent };
};

test('one side asks, the other accepts: the asker records, both know', () => {
  expect(steps([{ type: 'ask' }])).toEqual({
    state: { phase: 'asking' },
    sent: ['record-request'],
  });
  expect(
    steps([{ type: 'ask' }, { type: 'received', message: { kind: 'record-accept' } }]).state,
  ).toEqual({
    phase: 'recording',
    recorder: true,
  });
  expect(
    steps([{ type: 'received', message: { kind: 'record-request' } }, { type: 'accept' }]),
  ).toEqual({ state: { phase: 'recording', recorder: false }, sent: ['record-accept'] });
});

test('nothing records without the other side’s yes', () => {
  expect(steps([{ type: 'accept' }]).state).toEqual(consentOff);
  expect(steps([{ type: 'received', message: { kind: 'record-accept' } }]).state).toEqual(
    consentOff,
  );
  const declined = steps([
    { type: 'ask' },
    { type: 'received', message: { kind: 'record-decline' } },
  ]);
  expect(declined.state).toEqual({ phase: 'off', notice: 'Priya declined to record the call.' });
  expect(
    steps([{ type: 'received', message: { kind: 'record-request' } }, { type: 'decline' }]),
  ).toEqual({ state: consentOff, sent: ['record-decline'] });
});

test('either side withdraws consent and the recording stops; so does the other side leaving', () => {
  const recording: ConsentState = { phase: 'recording', recorder: true };
  expect(steps([{ type: 'stop' }], recording)).toEqual({
    state: { phase: 'off', notice: 'Recording stopped.' },
    sent: ['record-stop'],
  });
  expect(steps([{ type: 'received', message: { kind: 'record-stop' } }], recording).state).toEqual({
    phase: 'off',
    notice: 'Priya stopped the recording.',
  });
  expect(steps([{ type: 'peer-gone' }], recording).state).toEqual(consentOff);
  // Asking can be taken back before the answer.
  expect(steps([{ type: 'ask' }, { type: 'stop' }]).sent).toEqual([
    'record-request',
    'record-stop',
  ]);
});

test('both asking at once is consent from both', () => {
  expect(
    steps([{ type: 'ask' }, { type: 'received', message: { kind: 'record-request' } }]),
  ).toEqual({
    state: { phase: 'recording', recorder: true },
    sent: ['record-request', 'record-accept'],
  });
});

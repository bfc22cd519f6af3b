import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { INTL_WARM_UP_SCRIPT, startIntlWarmUp } from './intl-warm-up';

const workerSource = readFileSync(
  path.join(__dirname, '../../../public', INTL_WARM_UP_SCRIPT),
  'utf8',
);

afterEach(() => {
  jest.restoreAllMocks();
  Reflect.deleteProperty(globalThis, 'Worker');
});

test('starts the warm-up worker from the shell’s own origin', () => {
  const started: string[] = [];
  Object.defineProperty(globalThis, 'Worker', {
    configurable: true,
    value: class {
      constructor(url: string) {
        started.push(url);
      }
    },
  });
  startIntlWarmUp();
  expect(started).toEqual(['/intl-warm-up.js']);
});

test('a browser that refuses the worker still loads the page', () => {
  jest.spyOn(console, 'debug').mockImplementation(() => undefined);
  Object.defineProperty(globalThis, 'Worker', {
    configurable: true,
    value: class {
      constructor() {
        throw new DOMException('blocked by policy', 'SecurityError');
      }
    },
  });
  expect(() => startIntlWarmUp()).not.toThrow();
  expect(console.debug).toHaveBeenCalledWith(
    '[intl] warm-up worker not started',
    expect.any(DOMException),
  );
});

test('without workers it does nothing', () => {
  expect(() => startIntlWarmUp()).not.toThrow();
});

test('the worker formats every kind of figure the pages show, then ends itself', () => {
  const close = jest.fn();
  runInNewContext(workerSource, { Intl, Date, close });
  expect(close).toHaveBeenCalledTimes(1);
});

test('the worker ends itself even where a format is unsupported', () => {
  const close = jest.fn();
  const brokenIntl = { ...Intl, Collator: undefined };
  expect(() => runInNewContext(workerSource, { Intl: brokenIntl, Date, close })).not.toThrow();
  expect(close).toHaveBeenCalledTimes(1);
});

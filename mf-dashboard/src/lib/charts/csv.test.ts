import { csvCell, toCsv } from './csv';

test('cells are quoted only when they must be, quotes doubled', () => {
  expect(csvCell('plain')).toBe('plain');
  expect(csvCell('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
  expect(csvCell('The "big" move')).toBe('"The ""big"" move"');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell(450)).toBe('450');
  expect(csvCell(null)).toBe('');
});

test('text a spreadsheet would run as a formula is defused; numbers are left alone', () => {
  expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  expect(csvCell('+44 20')).toBe("'+44 20");
  expect(csvCell(-5)).toBe('-5');
});

test('a file is a header and rows with CRLF line ends', () => {
  expect(
    toCsv(
      ['Project', 'Rate'],
      [
        ['Cloud, move', 500],
        ['API', null],
      ],
    ),
  ).toBe('Project,Rate\r\n"Cloud, move",500\r\nAPI,\r\n');
});

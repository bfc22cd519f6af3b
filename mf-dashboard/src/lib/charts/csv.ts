/** One cell of a CSV file: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/**
 * A cell as RFC 4180 wants it: quoted when it holds a comma, a quote or a line break, quotes
 * doubled. Text a spreadsheet would run as a formula (starting =, +, -, @, tab or carriage return)
 * gets a leading apostrophe first, so a project title cannot become a formula on opening.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the rows, comma-separated with CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves text as a file the browser downloads. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Reads a CSV file as a shipping service exports it: UTF-8 with or without a byte order mark, cells separated by
 * ';', ',' or a tab (whichever the header line uses most), quoted cells with "" for a quote, CRLF or LF between
 * rows. Returns every row (a blank one as ['']) as an array of cells, the header first, so row numbers stay as a
 * spreadsheet shows them.
 */
export function readCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = [';', ',', '\t'].reduce((best, candidate) =>
    countOutsideQuotes(firstLine, candidate) > countOutsideQuotes(firstLine, best) ? candidate : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function countOutsideQuotes(line: string, separator: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) count++;
  }
  return count;
}

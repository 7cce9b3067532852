// How dates read in tables and exports (DD-MM-YYYY), apart from csv.ts so a table can format dates
// without loading the CSV writer.
export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATETIME_FORMAT = 'DD-MM-YYYY HH:mm';

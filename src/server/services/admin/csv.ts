/** CSV is written the same way on the server (exports) and in the browser (report tables). */
export { csvCell, toCsv } from '#shared/csv.ts';

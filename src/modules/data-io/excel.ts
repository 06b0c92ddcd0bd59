import type ExcelJS from 'exceljs';

/** exceljs takes about half a second of CPU to load: only an XLSX import or export pays it, not every start. */
export const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

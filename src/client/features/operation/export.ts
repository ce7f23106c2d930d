import dayjs from 'dayjs';
import { fileRequest, saveDownload } from '../../api/request';

/** Downloads the XLSX of an operator call (report or list) for the payload the page shows. */
export const downloadXlsx = async (name: string, payload: Record<string, unknown>, fileName: string) => {
  const query = new URLSearchParams(Object.entries(payload).filter(([, val]) => val !== '' && val !== undefined).map(([k, val]) => [k, String(val)]));
  await saveDownload(await fileRequest(`/api/operation/export/${name}?${query.toString()}`), `${fileName}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
};

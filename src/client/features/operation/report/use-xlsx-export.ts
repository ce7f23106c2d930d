import { useState } from 'react';
import { errorText } from '../../../ui/form/form';
import { downloadXlsx } from '../export';

/** A report's 导出XLSX: whether a download runs, what went wrong with the last one, and the download itself. */
export function useXlsxExport(name: string, title: string) {
  const [exportError, setExportError] = useState('');
  const [exporting, setExporting] = useState(false);
  const exportNow = async (payload: Record<string, unknown>) => {
    setExporting(true);
    setExportError('');
    try {
      await downloadXlsx(name, payload, title);
    } catch (err) {
      setExportError(errorText(err));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportError, exportNow };
}

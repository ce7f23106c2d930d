/** The company's ERP choice saved (the owner or M07); the choice is read again. */
import { useFormWrite } from '../../ui/form/form';
import { erpKeys } from './queries';

export const useSaveErpChoice = () => useFormWrite('erpChoiceSave', { invalidate: [erpKeys.choice()] });

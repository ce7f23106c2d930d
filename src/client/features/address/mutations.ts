import { useCall } from '../../api/use-call';
import { useFormWrite } from '../../ui/form/form';
import { addressKeys } from './queries';

/** Adds or changes an address of the address book (设为默认 too); the book is fetched again. */
export const useSaveAddress = () => useCall('addressSave', { invalidate: [addressKeys.list()] });

/** The address form's save (useForm().submit: add, or change with an id); the book is fetched again. */
export const useAddressWrite = () => useFormWrite('addressSave', { invalidate: [addressKeys.list()] });

/** Deletes an address of the address book; the book is fetched again. */
export const useDeleteAddress = () => useCall('addressDelete', { invalidate: [addressKeys.list()] });

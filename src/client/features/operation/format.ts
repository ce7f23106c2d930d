import dayjs from 'dayjs';

/** Unix seconds as the operator pages show them (China time is the browser's in our deployments). */
export const when = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '—');
export const dayOf = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD') : '');
export { yuan } from '../../../shared/domain/money';

import { Tag } from 'primereact/tag';
import { APPLICATION_STATE_LABEL, type ApplicationState } from '../../../shared/domain/seller-apply';

const SEVERITY = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/** The state of an application as a coloured tag. */
export const StateTag = ({ state }: { state: ApplicationState }) => <Tag severity={SEVERITY[state]} value={APPLICATION_STATE_LABEL[state]} />;

/** Licence photos as thumbnails that open full size. */
export const LicenceImages = ({ paths }: { paths: readonly string[] }) => (
  <span className="apply-images">
    {paths.map((p) => <a key={p} href={p} target="_blank" rel="noreferrer"><img src={p} alt="营业执照图片" /></a>)}
  </span>
);

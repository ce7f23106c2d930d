/**
 * 企业类型 on a registration form (docs/reports.md#company-types): one of five, required, its
 * refusal under it. The Chinese registration and the Vietnamese one (docs/overseas.md#registration)
 * both use it; the choices are words of the catalogue, in the page's language.
 */
import { BUSINESS_TYPES, BUSINESS_TYPE_LABELS, type BusinessType } from '../../../shared/domain/company-type';
import { useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import './business-type.css';

export function BusinessTypeField({ legend, value, error, onChange }: {
  legend: string; value: BusinessType | ''; error?: string; onChange: (value: BusinessType) => void;
}) {
  const t = useT();
  return (
    <fieldset className="field form-field business-type" aria-describedby={error ? 'business_type-error' : undefined}>
      <legend><span className="req">*</span>{legend}</legend>
      <div className="business-type-options">
        {BUSINESS_TYPES.map((k, i) => (
          <label key={k}>
            <input type="radio" id={i === 0 ? 'business_type' : undefined} name="business_type" value={k} checked={value === k} onChange={() => onChange(k)} /> {t(BUSINESS_TYPE_LABELS[k])}
          </label>
        ))}
      </div>
      {error && <div className="field-error" role="alert" id="business_type-error"><Refusal text={error} /></div>}
    </fieldset>
  );
}
